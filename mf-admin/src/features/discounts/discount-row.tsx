import type { Discount } from '@store/contract';
import { formatPrice } from '@store/shared';
import { useId } from 'react';
import { datesText, scopeText, statusOf, usesText, valueText } from './discount-display';
import styles from './discounts.module.css';
import type { DiscountAction } from './use-discount-actions';

const BUSY_LABEL: Record<DiscountAction, string> = {
  pause: 'Pausing...',
  resume: 'Resuming...',
  delete: 'Deleting...',
};

interface DiscountRowProps {
  discount: Discount;
  /** The row's request in flight, if any: every button waits for it. */
  busy: DiscountAction | undefined;
  onEdit: () => void;
  onToggleActive: () => void;
  onDelete: () => void;
}

/** One code: what it takes off, where, when, how often it was used, and what it is now. */
export function DiscountRow({
  discount,
  busy,
  onEdit,
  onToggleActive,
  onDelete,
}: DiscountRowProps) {
  const codeId = useId();
  const status = statusOf(discount);
  const toggling = busy === 'pause' || busy === 'resume';
  return (
    <tr aria-busy={busy !== undefined}>
      <th scope="row" id={codeId} className={styles.codeCell}>
        {discount.code}
      </th>
      <td className={styles.nowrap}>{valueText(discount)}</td>
      <td>{scopeText(discount)}</td>
      <td className={styles.dates}>{datesText(discount)}</td>
      <td className={styles.nowrap}>{usesText(discount)}</td>
      <td className={styles.nowrap}>{formatPrice(discount.revenue)}</td>
      <td>
        <span className={styles[`status${status}`]}>{status}</span>
      </td>
      <td className={styles.actions}>
        <button
          type="button"
          className={styles.action}
          aria-describedby={codeId}
          disabled={busy !== undefined}
          onClick={onEdit}
        >
          Edit
        </button>
        <button
          type="button"
          className={styles.action}
          aria-describedby={codeId}
          disabled={busy !== undefined}
          onClick={onToggleActive}
        >
          {toggling ? BUSY_LABEL[busy] : discount.active ? 'Pause' : 'Resume'}
        </button>
        <button
          type="button"
          className={styles.delete}
          aria-describedby={codeId}
          disabled={busy !== undefined}
          onClick={onDelete}
        >
          {busy === 'delete' ? BUSY_LABEL.delete : 'Delete'}
        </button>
      </td>
    </tr>
  );
}
