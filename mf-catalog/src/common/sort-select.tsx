import { useId } from 'react';
import styles from './sort-select.module.css';

interface SortSelectProps<S extends string> {
  value: S;
  options: readonly { value: S; label: string }[];
  onChange: (sort: S) => void;
  label?: string;
}

export function SortSelect<S extends string>({
  value,
  options,
  onChange,
  label = 'Sort by',
}: SortSelectProps<S>) {
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value as S)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
