import type { Category, SearchSort } from '@store/contract';
import { primitives } from '@store/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SortSelect } from '../../common/sort-select';
import type { FilterOptions } from './use-filter-options';
import { effectiveSort, SEARCH_SORTS, type SearchField, type SearchQuery } from './search-query';
import styles from './search-page.module.css';

/** How long typing in a price field rests before the URL (and the results) follow it. */
export const TYPING_PAUSE_MS = 400;

/** `push` adds a history entry (a choice made); `replace` rewrites the current one (typing). */
export type UrlChange = 'push' | 'replace';

interface SearchFiltersProps {
  query: SearchQuery;
  options: FilterOptions;
  onChange: (changes: Partial<SearchQuery>, how: UrlChange) => void;
}

function OptionSelect({
  label,
  all,
  value,
  items,
  loading,
  onChange,
}: {
  label: string;
  all: string;
  value: string;
  items: Category[];
  loading: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  // The URL's value stays selectable while the lists load (or if it is not in them).
  const known = value === '' || items.some((item) => item.name === value);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={styles.control}
        value={value}
        aria-busy={loading}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{all}</option>
        {!known && <option value={value}>{value}</option>}
        {items.map((item) => (
          <option key={item.id} value={item.name}>
            {item.display_name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A price field: typed text is kept here and reaches the URL once typing pauses. */
function PriceInput({
  label,
  value,
  onType,
}: {
  label: string;
  value: string;
  onType: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // Back, forward or another change of the URL puts its value in the field.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={label}
        className={`${styles.control} ${styles.price}`}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        placeholder="$"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onType(event.target.value);
        }}
      />
    </div>
  );
}

export function SearchFilters({ query, options, onChange }: SearchFiltersProps) {
  const typed = useRef<Partial<SearchQuery>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function flushTyping(how: UrlChange) {
    clearTimeout(timer.current);
    const changes = typed.current;
    typed.current = {};
    if (Object.keys(changes).length > 0) onChange(changes, how);
  }

  function type(field: SearchField, value: string) {
    typed.current = { ...typed.current, [field]: value };
    clearTimeout(timer.current);
    timer.current = setTimeout(() => flushTyping('replace'), TYPING_PAUSE_MS);
  }

  function choose(field: SearchField, value: string) {
    typed.current = { ...typed.current, [field]: value };
    flushTyping('push');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    flushTyping('push');
  }

  function sortBy(sort: SearchSort) {
    // The default order for this search stays out of the URL.
    choose('sort', sort === (query.q ? 'relevance' : 'newest') ? '' : sort);
  }

  const sorts = query.q
    ? SEARCH_SORTS
    : SEARCH_SORTS.filter((option) => option.value !== 'relevance');

  return (
    <form className={styles.filters} aria-label="Search filters" onSubmit={submit}>
      <OptionSelect
        label="Category"
        all="All categories"
        value={query.category}
        items={options.categories}
        loading={options.loading}
        onChange={(value) => choose('category', value)}
      />
      <OptionSelect
        label="Asset type"
        all="All asset types"
        value={query.assetType}
        items={options.assetTypes}
        loading={options.loading}
        onChange={(value) => choose('assetType', value)}
      />
      <PriceInput
        label="Min price"
        value={query.minPrice}
        onType={(value) => type('minPrice', value)}
      />
      <PriceInput
        label="Max price"
        value={query.maxPrice}
        onType={(value) => type('maxPrice', value)}
      />
      <div className={styles.sort}>
        <SortSelect value={effectiveSort(query) as SearchSort} options={sorts} onChange={sortBy} />
      </div>
      {/* Enter in a price field applies it at once; the button is for pointer users. */}
      <button type="submit" className={`${primitives.secondary} ${styles.apply}`}>
        Apply
      </button>
    </form>
  );
}
