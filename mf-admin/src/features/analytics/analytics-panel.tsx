import { errorMessage, formatPrice, LoadError, Spinner } from '@store/shared';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { analyticsApi, type Analytics } from './analytics-api';
import styles from './analytics.module.css';
import { StatCards } from './stat-cards';

const SalesChart = lazy(() => import('./sales-chart'));

type State =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; analytics: Analytics };

export function AnalyticsPanel() {
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'loaded', analytics: await analyticsApi.load() });
    } catch (error) {
      setState({ status: 'failed', message: errorMessage(error, 'Failed to load analytics') });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.status === 'loading') return <Spinner label="Loading analytics..." />;
  if (state.status === 'failed') {
    return <LoadError message={state.message} onRetry={() => void load()} />;
  }

  const { analyticsData, dailySalesData } = state.analytics;
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
