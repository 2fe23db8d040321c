import { formatPrice } from '@store/shared';
import type { AnalyticsSummary } from '@store/contract';
import styles from './analytics.module.css';

const count = new Intl.NumberFormat('en-US');

export function StatCards({ summary }: { summary: AnalyticsSummary }) {
  const cards = [
    { label: 'Total Users', value: count.format(summary.users) },
    { label: 'Total Products', value: count.format(summary.products) },
    { label: 'Total Sales', value: count.format(summary.totalSales) },
    { label: 'Total Revenue', value: formatPrice(summary.totalRevenue) },
  ];
  return (
    <ul className={styles.cards} aria-label="Totals">
      {cards.map((card) => (
        <li key={card.label} className={styles.card} data-testid="stat-card">
          <span className={styles.cardLabel}>{card.label}</span>
          <span className={styles.cardValue}>{card.value}</span>
        </li>
      ))}
    </ul>
  );
}
