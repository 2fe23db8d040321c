import type { AdminOrder } from '@store/contract';
import { formatPrice, Modal, primitives, shortOrderId } from '@store/shared';
import { useId, useState } from 'react';
import type { RefundLine } from './orders-api';
import { everyUnitLeft, refundAmount, unitsLeft, type RefundAmount } from './refund-amount';
import styles from './orders.module.css';
import type { RefundRequest } from './use-refund';

interface RefundDialogProps {
  order: AdminOrder;
  /** The refund of this order in flight, if any: the dialog waits for it. */
  running: RefundRequest | null;
  onRefund: (request: RefundRequest) => void;
  onCancel: () => void;
}

/** A line as the dialog holds it: ticked or not, and the units typed. */
interface LinePick {
  ticked: boolean;
  units: string;
}

/** Units typed for a line: a whole number from 1 to what is left, else null. */
function unitsOf(text: string, left: number): number | null {
  const units = Number(text);
  return /^\d+$/.test(text.trim()) && units >= 1 && units <= left ? units : null;
}

const amountText = ({ cents, exact }: RefundAmount) =>
  `${exact ? '' : 'about '}${formatPrice(cents / 100)}`;

/**
 * Refund an order: whole (what is left of it), or some units of some lines. Each line left to
 * refund has a checkbox and its units (up to what is left); the dialog says what the refund
 * gives back, as the api computes it.
 */
export function RefundDialog({ order, running, onRefund, onCancel }: RefundDialogProps) {
  const idPrefix = useId();
  const [picks, setPicks] = useState<Readonly<Record<string, LinePick>>>({});
  const busy = running !== null;
  const short = shortOrderId(order.id);

  const pick = (id: string, change: Partial<LinePick>, left: number) =>
    setPicks((current) => ({
      ...current,
      [id]: { ...(current[id] ?? { ticked: false, units: String(left) }), ...change },
    }));

  const ticked = order.items.filter((line) => picks[line.id]?.ticked && unitsLeft(line) > 0);
  const lines: RefundLine[] = [];
  let valid = ticked.length > 0;
  for (const line of ticked) {
    const units = unitsOf(picks[line.id]?.units ?? '', unitsLeft(line));
    if (units === null) valid = false;
    else lines.push({ orderItemId: line.id, quantity: units });
  }
  const whole = refundAmount(order, everyUnitLeft(order));
  const partial = valid ? refundAmount(order, lines) : null;

  return (
    <Modal title="Refund order?" onClose={onCancel}>
      <p>
        Order #{short} of {order.customer_email}: refund the whole order ({amountText(whole)}
        {order.refunded_amount > 0 && `, ${formatPrice(order.refunded_amount)} refunded already`})
        or some of its lines. What is refunded stops the downloads it granted.
      </p>
      <fieldset className={styles.refundLines} disabled={busy}>
        <legend>Lines to refund</legend>
        <ul>
          {order.items.map((line) => {
            const left = unitsLeft(line);
            const id = `${idPrefix}-${line.id}`;
            const current = picks[line.id];
            const units = current?.units ?? String(left);
            const bad = current?.ticked && unitsOf(units, left) === null;
            return (
              <li key={line.id} className={styles.refundLine}>
                <span className={styles.refundCheck}>
                  <input
                    id={id}
                    type="checkbox"
                    checked={current?.ticked ?? false}
                    disabled={left === 0}
                    onChange={(event) => pick(line.id, { ticked: event.target.checked }, left)}
                  />
                  <label htmlFor={id}>{line.name}</label>
                </span>
                <span className={styles.refundFacts}>
                  {left === 0
                    ? 'Refunded'
                    : `${formatPrice(line.price)} × ${line.quantity}${line.refunded_quantity > 0 ? `, ${line.refunded_quantity} refunded` : ''}`}
                </span>
                {left > 0 && (
                  <span className={styles.refundUnits}>
                    <input
                      type="number"
                      className={primitives.input}
                      aria-label={`Units of ${line.name}`}
                      min={1}
                      max={left}
                      step={1}
                      value={units}
                      disabled={!current?.ticked}
                      aria-invalid={bad ? true : undefined}
                      aria-describedby={bad ? `${id}-units-error` : undefined}
                      onChange={(event) => pick(line.id, { units: event.target.value }, left)}
                    />
                    <span className={styles.refundOf}>of {left}</span>
                    {bad && (
                      <span id={`${id}-units-error`} className={styles.refundError}>
                        {left === 1 ? 'Only 1 unit is left' : `From 1 to ${left}`}
                      </span>
                    )}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p className={styles.refundTotal} role="status" aria-live="polite">
        {partial
          ? `The lines chosen give back ${amountText(partial)}`
          : 'Tick the lines to refund, or refund the whole order'}
      </p>
      {partial && !partial.exact && (
        <p className={styles.refundNote}>
          The last units of a line take what is left of it, which may be a cent or two more.
        </p>
      )}
      <div className={styles.refundActions}>
        <button type="button" className={primitives.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={primitives.secondary}
          disabled={busy}
          onClick={() => onRefund({ whole: true })}
        >
          {running?.whole ? 'Refunding...' : 'Refund whole order'}
        </button>
        <button
          type="button"
          className={`${primitives.button} ${styles.danger}`}
          disabled={busy || partial === null}
          onClick={() => onRefund({ whole: false, lines })}
        >
          {running && !running.whole ? 'Refunding...' : 'Refund selected'}
        </button>
      </div>
    </Modal>
  );
}
