import type { AdminOrder } from '@store/contract';
import { errorMessage, isApiError, notify, ordersChanged, useAppDispatch } from '@store/shared';
import { useState } from 'react';
import { refundOrder } from './orders-api';

/**
 * The refund confirmation and the refunds in flight. The dialog stays open until the order is
 * refunded; after a failure it stays ready for a retry, except a 409 (already refunded, or not
 * refundable as it stands), which no retry changes.
 */
export function useRefund(onRefunded: (order: AdminOrder) => void) {
  const [asking, setAsking] = useState<AdminOrder | null>(null);
  const [inFlight, setInFlight] = useState<ReadonlySet<string>>(new Set());
  const dispatch = useAppDispatch();

  const settle = (id: string) =>
    setInFlight((ids) => new Set([...ids].filter((other) => other !== id)));
  const closeIfAsking = (id: string) =>
    setAsking((current) => (current?.id === id ? null : current));

  async function confirm() {
    if (!asking || inFlight.has(asking.id)) return;
    const { id } = asking;
    setInFlight((ids) => new Set(ids).add(id));
    try {
      onRefunded(await refundOrder(id));
      // The list shown updates its row in place; the figures and the buyer's lists reload.
      dispatch(ordersChanged());
      notify.success('Order refunded successfully!');
      closeIfAsking(id);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to refund order'));
      if (isApiError(error) && error.response?.status === 409) closeIfAsking(id);
    } finally {
      settle(id);
    }
  }

  return {
    /** The order the confirmation asks about, if it is open. */
    asking,
    ask: setAsking,
    cancel: () => setAsking(null),
    confirm,
    isRefunding: (id: string) => inFlight.has(id),
  };
}
