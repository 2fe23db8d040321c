import { formatPrice, primitives, usePagedList } from '@store/shared';
import { useId, useState } from 'react';
import {
  analyticsApi,
  DISCOUNT_REVENUE_FAILED,
  PRODUCT_REVENUE_FAILED,
  type DayRange,
} from './analytics-api';
import styles from './analytics.module.css';
import { lastDays, rangeProblem, todayUtc } from './day-range';
import { RevenueTable } from './revenue-table';

const PRESETS = [7, 30, 90] as const;
const count = new Intl.NumberFormat('en-US');

const PRODUCT_COLUMNS = ['Product', 'Units', 'Revenue'] as const;
const DISCOUNT_COLUMNS = ['Code', 'Orders', 'Discount', 'Revenue'] as const;

function ProductRevenueTable({ range }: { range: DayRange }) {
  const list = usePagedList(
    analyticsApi.useProductRevenueInfiniteQuery(range),
    PRODUCT_REVENUE_FAILED,
  );
  return (
    <RevenueTable
      title="Revenue by product"
      columns={PRODUCT_COLUMNS}
      list={list}
      noun="products"
      singular="product"
      keyOf={(row) => row.productId}
      cells={(row) => [row.name, count.format(row.units), formatPrice(row.revenue)]}
    />
  );
}

function DiscountRevenueTable({ range }: { range: DayRange }) {
  const list = usePagedList(
    analyticsApi.useDiscountRevenueInfiniteQuery(range),
    DISCOUNT_REVENUE_FAILED,
  );
  return (
    <RevenueTable
      title="Revenue by discount code"
      columns={DISCOUNT_COLUMNS}
      list={list}
      noun="codes"
      singular="code"
      // The customers' own coupons are one row, without an id.
      keyOf={(row) => row.discountId ?? `own:${row.code}`}
      cells={(row) => [
        <span className={styles.code}>{row.code}</span>,
        count.format(row.orders),
        formatPrice(row.discount),
        formatPrice(row.revenue),
      ]}
    />
  );
}

/**
 * Revenue per product and per discount code over a range of UTC days (the last 30 by default),
 * each list paged with Load more. A range the api would refuse is said, and not asked.
 */
export function RevenueLists() {
  const idPrefix = useId();
  const [range, setRange] = useState<DayRange>(() => lastDays(30, todayUtc()));
  const problem = rangeProblem(range);
  const problemId = `${idPrefix}-problem`;
  const preset = PRESETS.find((days) => {
    const shown = lastDays(days, todayUtc());
    return shown.from === range.from && shown.to === range.to;
  });

  return (
    <div className={styles.revenueLists}>
      <fieldset className={styles.range}>
        <legend>Sales between (UTC days)</legend>
        <div className={styles.rangeFields}>
          <span className={styles.rangeField}>
            <label htmlFor={`${idPrefix}-from`}>From</label>
            <input
              id={`${idPrefix}-from`}
              type="date"
              className={primitives.input}
              value={range.from}
              max={range.to || undefined}
              aria-invalid={problem?.field === 'from' ? true : undefined}
              aria-describedby={problem?.field === 'from' ? problemId : undefined}
              onChange={(event) => setRange({ ...range, from: event.target.value })}
            />
          </span>
          <span className={styles.rangeField}>
            <label htmlFor={`${idPrefix}-to`}>To</label>
            <input
              id={`${idPrefix}-to`}
              type="date"
              className={primitives.input}
              value={range.to}
              min={range.from || undefined}
              aria-invalid={problem?.field === 'to' ? true : undefined}
              aria-describedby={problem?.field === 'to' ? problemId : undefined}
              onChange={(event) => setRange({ ...range, to: event.target.value })}
            />
          </span>
          <span className={styles.presets} role="group" aria-label="Ranges">
            {PRESETS.map((days) => (
              <button
                key={days}
                type="button"
                className={`${primitives.secondary} ${styles.preset}`}
                aria-pressed={preset === days}
                onClick={() => setRange(lastDays(days, todayUtc()))}
              >
                Last {days} days
              </button>
            ))}
          </span>
        </div>
        {problem && (
          <p id={problemId} className={styles.problem} role="alert">
            {problem.message}
          </p>
        )}
      </fieldset>
      {!problem && (
        <>
          <ProductRevenueTable range={range} />
          <DiscountRevenueTable range={range} />
        </>
      )}
    </div>
  );
}
