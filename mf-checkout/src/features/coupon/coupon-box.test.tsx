import { apiClient, makeStore, selectCoupon } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CouponBox } from './coupon-box';

afterEach(() => jest.restoreAllMocks());

describe('CouponBox', () => {
  it('pre-fills the available coupon, applies it and removes it', async () => {
    jest
      .spyOn(apiClient, 'get')
      .mockResolvedValue({ data: { code: 'GIFT10', discountPercentage: 10 }, status: 200 });
    const post = jest.spyOn(apiClient, 'post').mockResolvedValue({
      data: { message: 'ok', code: 'GIFT10', discountPercentage: 10 },
      status: 200,
    });
    const store = makeStore();
    renderWithProviders(<CouponBox />, { store });

    expect(await screen.findByText(/Your Available Coupon:/)).toBeInTheDocument();
    const input = screen.getByPlaceholderText('Enter code here');
    expect(input).toHaveValue('GIFT10');

    await userEvent.click(screen.getByRole('button', { name: 'Apply Code' }));
    expect(post).toHaveBeenCalledWith('/coupons/validate', { code: 'GIFT10' });
    expect(await screen.findByText('Applied Coupon')).toBeInTheDocument();
    expect(selectCoupon(store.getState())).toEqual({ code: 'GIFT10', discountPercentage: 10 });

    await userEvent.click(screen.getByRole('button', { name: 'Remove Coupon' }));
    expect(selectCoupon(store.getState())).toBeNull();
    expect(input).toHaveValue('');
  });

  it('ignores Apply Code with an empty input', async () => {
    jest.spyOn(apiClient, 'get').mockResolvedValue({ data: null, status: 200 });
    const post = jest.spyOn(apiClient, 'post');
    renderWithProviders(<CouponBox />);
    await userEvent.click(screen.getByRole('button', { name: 'Apply Code' }));
    expect(post).not.toHaveBeenCalled();
  });
});
