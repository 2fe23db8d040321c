import type { AdminOrder } from '@store/contract';
import { errorMessage, isApiError, notify, ordersChanged, useAppDispatch } from '@store/shared';
import { useState } from 'react';
import { refundOrder, type RefundLine } from './orders-api';
import { everyUnitLeft } from './refund-amount';

/** What the admin asked to refund: the whole order (what is left of it), or units of lines. */
export type RefundRequest = { whole: true } | { whole: false; lines: RefundLine[] };

/**
 * The refund dialog and the refunds in flight. The dialog stays open until the order is
 * refunded; after a failure it stays ready for a retry, except a 409 (already refunded, or not
 * refundable as it stands), which no retry changes.
 */
export function useRefund(onRefunded: (order: AdminOrder) => void) {
  const [asking, setAsking] = useState<AdminOrder | null>(null);
  const [inFlight, setInFlight] = useState<ReadonlyMap<string, RefundRequest>>(new Map());
  const dispatch = useAppDispatch();

  const settle = (id: string) =>
    setInFlight((requests) => new Map([...requests].filter(([other]) => other !== id)));
  const closeIfAsking = (id: string) =>
    setAsking((current) => (current?.id === id ? null : current));

  async function confirm(request: RefundRequest) {
    if (!asking || inFlight.has(asking.id)) return;
    const order = asking;
    const { id } = order;
    setInFlight((requests) => new Map(requests).set(id, request));
    try {
      // A completed order is refunded whole by the api's own call; what is left of a partly
      // refunded one is named line by line, which says exactly which units go back.
      const lines = request.whole
        ? order.status === 'completed'
          ? undefined
          : everyUnitLeft(order)
        : request.lines;
      onRefunded(await refundOrder(id, lines));
      // The list shown updates its row in place; the figures and the buyer's lists reload.
      dispatch(ordersChanged());
      notify.success(request.whole ? 'Order refunded successfully!' : 'Refund issued');
      closeIfAsking(id);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to refund order'));
      if (isApiError(error) && error.response?.status === 409) closeIfAsking(id);
    } finally {
      settle(id);
    }
  }

  return {
    /** The order the dialog asks about, if it is open. */
    asking,
    ask: setAsking,
    cancel: () => setAsking(null),
    confirm,
    isRefunding: (id: string) => inFlight.has(id),
    /** The refund of this order in flight, if any. */
    requestFor: (id: string) => inFlight.get(id) ?? null,
  };
}
