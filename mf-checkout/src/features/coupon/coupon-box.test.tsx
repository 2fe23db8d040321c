import {
  apiClient,
  couponApplied,
  couponRefused,
  makeStore,
  notify,
  selectCoupon,
  type ApiResponse,
} from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { screen, waitFor } from '@testing-library/react';
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

  it('says why a code was refused beside the box, and keeps it typed', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const answer = await applyWithAnswerHeld('NOPE');
    expect(screen.getByRole('button', { name: 'Applying...' })).toBeDisabled();
    answer.reject(httpError(404, 'Coupon not found'));

    expect(await screen.findByRole('button', { name: 'Apply Code' })).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Coupon not found');
    const input = screen.getByPlaceholderText('Enter code here');
    expect(input).toHaveValue('NOPE');
    expect(input).toHaveAccessibleDescription('Coupon not found');
    expect(error).not.toHaveBeenCalled();
    expect(screen.queryByText('Applied Coupon')).not.toBeInTheDocument();
  });

  it('toasts an outage, keeping the applied code', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const store = makeStore();
    store.dispatch(couponApplied({ code: 'GIFT10', discountPercentage: 10 }));
    jest.spyOn(apiClient, 'get').mockResolvedValue({ data: null, status: 200 });
    jest.spyOn(apiClient, 'post').mockRejectedValue(httpError(503, 'Service unavailable'));
    renderWithProviders(<CouponBox />, { store });

    await userEvent.type(screen.getByPlaceholderText('Enter code here'), 'GIFT10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Code' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Service unavailable'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(selectCoupon(store.getState())).toEqual({ code: 'GIFT10', discountPercentage: 10 });
  });

  it('takes an amount code and says its dollars off; a new code clears the last refusal', async () => {
    jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    const store = makeStore();
    store.dispatch(couponRefused({ code: 'OLD', message: 'This code has ended' }));
    jest.spyOn(apiClient, 'get').mockResolvedValue({ data: null, status: 200 });
    jest.spyOn(apiClient, 'post').mockResolvedValue({
      data: { message: 'Coupon is valid', code: 'FIVE-OFF', discountAmount: 5 },
      status: 200,
    });
    renderWithProviders(<CouponBox />, { store });
    expect(screen.getByRole('alert')).toHaveTextContent('This code has ended');

    await userEvent.type(screen.getByPlaceholderText('Enter code here'), 'five-off');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Code' }));

    expect(await screen.findByText('Applied Coupon')).toBeInTheDocument();
    expect(screen.getByText('FIVE-OFF').parentElement).toHaveTextContent('FIVE-OFF - $5.00 off');
    expect(selectCoupon(store.getState())).toEqual({ code: 'FIVE-OFF', discountAmount: 5 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
