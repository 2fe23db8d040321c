import type { orderItems } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { RefundedUnits } from './grants.ts';
import type { LineRefund } from './order-writes.ts';

/** What a line refund asks for: units of lines of one order. */
export interface WantedUnits {
  orderItemId: string;
  quantity: number;
}

/** A line refund worked out against the order's lines as they were read. */
export interface LinePlan {
  lines: (LineRefund & RefundedUnits)[];
  amountCents: number;
  /**
   * Units of the order refunded so far: the refund's idempotency key carries it, so a double
   * click asks the provider for the same refund, and any refund computed from another state
   * for a new one.
   */
  unitsRefundedBefore: number;
}

type Line = Pick<
  typeof orderItems.$inferSelect,
  | 'id'
  | 'name'
  | 'quantity'
  | 'unitPriceCents'
  | 'discountCents'
  | 'refundedQuantity'
  | 'refundedCents'
>;

/** What the line charged: its units after its share of the order's discount. */
export const paidCents = (line: Line) => line.unitPriceCents * line.quantity - line.discountCents;

/**
 * What `units` more units of the line give back: their share of what it charged, rounded down,
 * and the line's last units whatever is left of it, so a line refunded unit by unit gives back
 * exactly what it charged, never a cent more or less.
 */
export function refundCents(line: Line, units: number): number {
  const paid = paidCents(line);
  if (line.refundedQuantity + units >= line.quantity) return paid - line.refundedCents;
  return Math.floor((paid * units) / line.quantity);
}

/** The refund of `wanted` against the order's `lines`; a 400 that says what is wrong otherwise. */
export function planLineRefund(lines: Line[], wanted: WantedUnits[]): LinePlan {
  const byId = new Map(lines.map((line) => [line.id.toLowerCase(), line]));
  const named = new Set<string>();
  const planned: LinePlan['lines'] = [];
  for (const item of wanted) {
    const id = item.orderItemId.toLowerCase();
    const line = byId.get(id);
    if (!line) throw new HttpError(400, `This order has no line ${item.orderItemId}`);
    if (named.has(id)) throw new HttpError(400, `Line ${item.orderItemId} is named twice`);
    named.add(id);
    const unitsLeft = line.quantity - line.refundedQuantity;
    if (unitsLeft <= 0) throw new HttpError(400, `"${line.name}" is refunded already`);
    if (item.quantity > unitsLeft) {
      throw new HttpError(
        400,
        `Only ${unitsLeft} of ${line.quantity} of "${line.name}" can still be refunded`,
      );
    }
    planned.push({
      orderItemId: line.id,
      units: item.quantity,
      unitsLeft,
      cents: refundCents(line, item.quantity),
      refundedBefore: line.refundedQuantity,
    });
  }
  return {
    lines: planned,
    amountCents: planned.reduce((sum, line) => sum + line.cents, 0),
    unitsRefundedBefore: lines.reduce((sum, line) => sum + line.refundedQuantity, 0),
  };
}
