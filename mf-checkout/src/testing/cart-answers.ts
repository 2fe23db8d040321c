import type { CartItem, CartQuote, Coupon } from '@store/contract';
import { apiClient } from '@store/shared';
import { screen, waitFor } from '@testing-library/react';

type Answer<T> = T | Error | Promise<T>;
type RequestConfig = Parameters<typeof apiClient.get>[1];

/**
 * The server's quote of `items`: the figures are given, never summed here, so a screen that
 * showed sums of its own would not match them.
 */
export function quoteOf(
  items: CartItem[],
  { subtotal, discount = 0, total = subtotal - discount, code = null }: QuoteFigures,
): CartQuote {
  return {
    subtotal,
    discount,
    total,
    code,
    lines: items.map((item) => ({
      productId: item._id,
      price: item.price,
      quantity: item.quantity,
      discount: 0,
    })),
  };
}

interface QuoteFigures {
  subtotal: number;
  discount?: number;
  total?: number;
  code?: string | null;
}

interface CartAnswers {
  /** `GET /cart/quote`, by the code asked with (null: none); an Error rejects. */
  quote: (code: string | null) => Answer<CartQuote>;
  /** `GET /coupons`. */
  coupon?: Coupon | null;
  /** `GET /cart`, when a test fetches the cart. */
  cart?: () => Answer<CartItem[]>;
}

/** A fake `apiClient.get` for the cart page's reads; the spy lists what was asked. */
export function fakeCartReads({ quote, coupon = null, cart }: CartAnswers) {
  const get = jest.spyOn(apiClient, 'get');
  get.mockImplementation((async (url: string, config?: RequestConfig) => {
    const answer = async (value: unknown) => {
      const data = await value;
      if (data instanceof Error) throw data;
      return { data, status: 200 };
    };
    if (url === '/coupons') return answer(coupon);
    if (url === '/cart' && cart) return answer(cart());
    if (url === '/cart/quote') {
      const params = config?.params as { code?: string } | undefined;
      return answer(quote(params?.code ?? null));
    }
    throw new Error(`Unexpected GET ${url}`);
  }) as typeof apiClient.get);
  return get;
}

/** The codes each `GET /cart/quote` so far was asked with (null: none). */
export const quoteRequests = (get: jest.SpyInstance) =>
  get.mock.calls
    .filter(([url]) => url === '/cart/quote')
    .map(([, config]) => (config as RequestConfig)?.params?.code ?? null);

/** Proceed to Checkout, once the quote on screen lets it. */
export async function checkoutButtonReady(): Promise<HTMLElement> {
  const button = screen.getByRole('button', { name: 'Proceed to Checkout' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}
