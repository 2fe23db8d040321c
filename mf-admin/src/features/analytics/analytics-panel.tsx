import { formatPrice, LoadError, Spinner, useResource } from '@store/shared';
import { lazy, Suspense } from 'react';
import { analyticsApi } from './analytics-api';
import styles from './analytics.module.css';
import { StatCards } from './stat-cards';

const SalesChart = lazy(() => import('./sales-chart'));

export function AnalyticsPanel() {
  // No toast: the panel is the whole tab, and it says the failure in place with a Retry.
  const analytics = useResource(analyticsApi.load, 'analytics', 'Failed to load analytics', {
    toast: false,
  });

  if (analytics.status === 'loading') return <Spinner label="Loading analytics..." />;
  if (analytics.status === 'failed') {
    return <LoadError message={analytics.error} onRetry={analytics.retry} />;
  }

  const { analyticsData, dailySalesData } = analytics.data;
  return (
    <div className={styles.panel}>
      <StatCards summary={analyticsData} />
      <figure className={styles.chart}>
        <figcaption className={styles.caption}>Daily sales and revenue</figcaption>
        <Suspense fallback={<Spinner label="Loading chart..." />}>
          <SalesChart data={dailySalesData} />
        </Suspense>
        <details className={styles.details}>
          <summary>Show the numbers</summary>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Sales</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {dailySalesData.map((day) => (
                <tr key={day.name}>
                  <th scope="row">{day.name}</th>
                  <td>{day.sales}</td>
                  <td>{formatPrice(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figure>
    </div>
  );
}
