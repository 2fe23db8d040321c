import type { AdminOrder } from '@store/contract';
import type { RefundLine } from './orders-api';

type OrderLine = AdminOrder['items'][number];

/** What a refund gives back: exact, or (see `refundAmount`) at least this, within cents. */
export interface RefundAmount {
  cents: number;
  exact: boolean;
}

const centsOf = (dollars: number) => Math.round(dollars * 100);

/** Units of the line not refunded yet. */
export const unitsLeft = (line: OrderLine) => line.quantity - line.refunded_quantity;

/** Whether some unit of the order is left to refund. */
export const hasUnitsLeft = (order: AdminOrder) => order.items.some((line) => unitsLeft(line) > 0);

/** Every unit left, line by line: what refunding the rest of the order names. */
export const everyUnitLeft = (order: AdminOrder): RefundLine[] =>
  order.items
    .filter((line) => unitsLeft(line) > 0)
    .map((line) => ({ orderItemId: line.id, quantity: unitsLeft(line) }));

/**
 * What `units` of a line give back, as the api computes it: the line paid price × quantity less
 * its share of the discount; k units give floor(paid × k / quantity), and the line's last units
 * take what is left of it. After earlier refunds of the line that remainder depends on how they
 * split it, which the order does not say: it is then the figure here or up to a cent more per
 * earlier refund.
 */
function lineRefund(line: OrderLine, units: number): RefundAmount {
  const paid = centsOf(line.price) * line.quantity - centsOf(line.discount);
  const before = line.refunded_quantity;
  if (before + units < line.quantity)
    return { cents: Math.floor((paid * units) / line.quantity), exact: true };
  if (before === 0) return { cents: paid, exact: true };
  return { cents: paid - Math.floor((paid * before) / line.quantity), exact: false };
}

/**
 * What refunding `lines` gives back. Refunding every unit left is exactly what the order has
 * not given back yet.
 */
export function refundAmount(order: AdminOrder, lines: readonly RefundLine[]): RefundAmount {
  const left = everyUnitLeft(order);
  const all =
    left.length === lines.length &&
    left.every((unit) =>
      lines.some(
        (line) => line.orderItemId === unit.orderItemId && line.quantity === unit.quantity,
      ),
    );
  if (all)
    return { cents: centsOf(order.total_amount) - centsOf(order.refunded_amount), exact: true };
  let cents = 0;
  let exact = true;
  for (const { orderItemId, quantity } of lines) {
    const line = order.items.find((item) => item.id === orderItemId);
    if (!line) continue;
    const part = lineRefund(line, quantity);
    cents += part.cents;
    exact &&= part.exact;
  }
  return { cents, exact };
}
