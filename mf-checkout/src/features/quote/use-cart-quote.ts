import type { CartItem } from '@store/contract';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  couponRefused,
  failureMessage,
  fetchCart,
  selectCartItems,
  selectCoupon,
  selectUser,
  useAppDispatch,
  useAppSelector,
  type ApiFailure,
} from '@store/shared';
import { useEffect, useMemo, useState } from 'react';
import { refusesCode } from '../../common/refuses-code';
import { QUOTE_FAILED, quoteApi, type QuotedCart } from './quote-api';

/** What the order summary shows. */
export interface CartQuoteView {
  /** The server's figures; while `busy`, the last ones (null before the first answer). */
  figures: QuotedCart | null;
  /** Asked again after a change: the figures are not this cart's yet, so checkout waits. */
  busy: boolean;
  /** Why the quote failed; then there are no figures, and `retry` asks again. */
  error: string | null;
  retry: () => void;
}

/** Lines by product id with their quantities, in one order whatever order they come in. */
function signature(lines: { productId: string; quantity: number }[]): string {
  return lines
    .map(({ productId, quantity }) => `${productId}:${quantity}`)
    .sort()
    .join(',');
}

const cartSignature = (items: CartItem[]) =>
  signature(items.map((item) => ({ productId: item._id, quantity: item.quantity })));

/**
 * What the quote is asked again for: the lines and their prices, which a pay-what-you-want price
 * changes without a quantity. The comparison with the quoted lines below leaves prices out: a
 * price quoted otherwise (a sale that just ended) does not fetch the cart again.
 */
const quoteKey = (items: CartItem[]) =>
  `${cartSignature(items)}|${items
    .map((item) => `${item._id}:${item.price}`)
    .sort()
    .join(',')}`;

/**
 * The signed-in user's cart as the server quotes it, asked again whenever the lines, the
 * quantities or the applied code change. A code the server refuses is dropped (the coupon box says
 * why) and the plain cart is quoted instead.
 */
export function useCartQuote(): CartQuoteView {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUser)?.id;
  const items = useAppSelector(selectCartItems);
  const coupon = useAppSelector(selectCoupon);
  const lines = useMemo(() => cartSignature(items), [items]);
  const key = useMemo(() => quoteKey(items), [items]);
  const query = quoteApi.useCartQuoteQuery(
    userId && items.length > 0 ? { userId, lines: key, coupon } : skipToken,
    { refetchOnMountOrArgChange: true },
  );

  const failed = query.isError && !query.isFetching;
  const refusal =
    failed && coupon && refusesCode((query.error as Partial<ApiFailure>).status)
      ? { code: coupon.code, message: failureMessage(query.error, QUOTE_FAILED) }
      : null;
  const refusedCode = refusal?.code;
  const refusedWhy = refusal?.message;
  useEffect(() => {
    if (refusedCode && refusedWhy)
      dispatch(couponRefused({ code: refusedCode, message: refusedWhy }));
  }, [dispatch, refusedCode, refusedWhy]);

  // The server quoted other lines than the ones shown (the cart changed in another tab): the
  // shown cart is stale, and checkout would charge it, not the quote. Fetched again once per
  // answer, and busy until then; a cart that still differs afterwards cannot loop.
  const settled = query.isFetching ? undefined : query.currentData;
  const drifted = settled !== undefined && signature(settled.lines) !== lines;
  const [resynced, setResynced] = useState<QuotedCart | null>(null);
  useEffect(() => {
    if (!drifted || !settled) return;
    void dispatch(fetchCart()).finally(() => setResynced(settled));
  }, [dispatch, drifted, settled]);
  const resyncing = drifted && resynced !== settled;

  const retry = () => void query.refetch();
  if (failed && !refusal) {
    return { figures: null, busy: false, error: failureMessage(query.error, QUOTE_FAILED), retry };
  }
  return {
    figures: query.data ?? null,
    busy: query.isFetching || refusal !== null || resyncing,
    error: null,
    retry,
  };
}
