import { formatPrice, LoadError, resourceOf, Spinner } from '@store/shared';
import { lazy, Suspense } from 'react';
import { ANALYTICS_FAILED, analyticsApi } from './analytics-api';
import styles from './analytics.module.css';
import { RevenueLists } from './revenue-lists';
import { StatCards } from './stat-cards';

const SalesChart = lazy(() => import('./sales-chart'));

export function AnalyticsPanel() {
  const analytics = resourceOf(analyticsApi.useAnalyticsQuery(), ANALYTICS_FAILED);

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
      <RevenueLists />
    </div>
  );
}
