import { apiClient, makeStore, notify, selectCoupon, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CouponBox } from './coupon-box';

/** Types `code` and presses Apply Code; the caller settles the held answer. */
async function applyWithAnswerHeld(code: string) {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: null, status: 200 });
  const answer = deferred<ApiResponse>();
  jest.spyOn(apiClient, 'post').mockReturnValue(answer.promise);
  renderWithProviders(<CouponBox />);
  await userEvent.type(screen.getByPlaceholderText('Enter code here'), code);
  await userEvent.click(screen.getByRole('button', { name: 'Apply Code' }));
  return answer;
}

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

  it('keeps a code typed before the available coupon arrives', async () => {
    const mine = deferred<ApiResponse>();
    jest.spyOn(apiClient, 'get').mockReturnValue(mine.promise);
    renderWithProviders(<CouponBox />);
    const input = screen.getByPlaceholderText('Enter code here');
    await userEvent.type(input, 'SPRING20');

    mine.resolve({ data: { code: 'GIFT10', discountPercentage: 10 }, status: 200 });
    expect(await screen.findByText(/Your Available Coupon:/)).toBeInTheDocument();
    expect(input).toHaveValue('SPRING20');
  });

  it('ignores Apply Code with an empty input', async () => {
    jest.spyOn(apiClient, 'get').mockResolvedValue({ data: null, status: 200 });
    const post = jest.spyOn(apiClient, 'post');
    renderWithProviders(<CouponBox />);
    await userEvent.click(screen.getByRole('button', { name: 'Apply Code' }));
    expect(post).not.toHaveBeenCalled();
  });

  it('disables Apply Code with its busy text while the code is checked', async () => {
    jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    const answer = await applyWithAnswerHeld('GIFT10');
    expect(screen.getByRole('button', { name: 'Applying...' })).toBeDisabled();

    answer.resolve({
      data: { message: 'ok', code: 'GIFT10', discountPercentage: 10 },
      status: 200,
    });
    expect(await screen.findByText('Applied Coupon')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply Code' })).toBeEnabled();
  });

  it('enables Apply Code again after a refused code', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const answer = await applyWithAnswerHeld('NOPE');
    expect(screen.getByRole('button', { name: 'Applying...' })).toBeDisabled();
    answer.reject(httpError(404, 'Coupon not found'));

    expect(await screen.findByRole('button', { name: 'Apply Code' })).toBeEnabled();
    expect(error).toHaveBeenCalledWith('Coupon not found');
    expect(screen.queryByText('Applied Coupon')).not.toBeInTheDocument();
  });
});
