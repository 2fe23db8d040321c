import { primitives } from '@store/shared';
import { useId } from 'react';
import type { ReviewsFilter } from './reviews-api';
import styles from './reviews.module.css';

const RATINGS: readonly { value: ReviewsFilter['rating']; label: string }[] = [
  { value: '', label: 'Any' },
  { value: '5', label: '5 stars' },
  { value: '4', label: '4 stars' },
  { value: '3', label: '3 stars' },
  { value: '2', label: '2 stars' },
  { value: '1', label: '1 star' },
];

const VISIBILITIES: readonly { value: ReviewsFilter['hidden']; label: string }[] = [
  { value: '', label: 'Any' },
  { value: 'false', label: 'Shown' },
  { value: 'true', label: 'Hidden' },
];

interface ReviewsFiltersProps {
  filter: ReviewsFilter;
  onChange: (filter: ReviewsFilter) => void;
}

/** The Reviews tab's filters: by rating and by whether the review is shown. */
export function ReviewsFilters({ filter, onChange }: ReviewsFiltersProps) {
  const id = useId();
  return (
    <div className={styles.filters} role="group" aria-label="Filter reviews">
      <div className={styles.filter}>
        <label htmlFor={`${id}-rating`}>Rating</label>
        <select
          id={`${id}-rating`}
          className={primitives.input}
          value={filter.rating}
          onChange={(event) => {
            const rating = RATINGS.find(({ value }) => value === event.target.value);
            if (rating) onChange({ ...filter, rating: rating.value });
          }}
        >
          {RATINGS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-hidden`}>Visibility</label>
        <select
          id={`${id}-hidden`}
          className={primitives.input}
          value={filter.hidden}
          onChange={(event) => {
            const visibility = VISIBILITIES.find(({ value }) => value === event.target.value);
            if (visibility) onChange({ ...filter, hidden: visibility.value });
          }}
        >
          {VISIBILITIES.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
