import type { CartItem, PayWhatYouWantTerms } from '@store/contract';
import { formatPrice, primitives, setCustomPrice, useAppDispatch } from '@store/shared';
import { useId, useState, type KeyboardEvent } from 'react';
import styles from './cart-page.module.css';

// Dollars as typed: digits with up to 2 decimals, a leading `$` allowed.
const DOLLARS = /^\$?\s*(\d+(?:\.\d{0,2})?|\.\d{1,2})$/;
const NOT_A_PRICE = 'Enter a price in dollars, such as 12.50';

const cents = (dollars: number) => Math.round(dollars * 100);

interface CustomPriceFieldProps {
  item: CartItem;
  /** The line's minimum and suggested price. */
  terms: PayWhatYouWantTerms;
  /** Another change of the line is under way: the price waits for it. */
  locked: boolean;
  /** Runs the save as the line's one change at a time (the line's busy state). */
  run: (save: () => Promise<unknown>) => Promise<void>;
}

/**
 * Pay what you want: the buyer's price for one unit, saved when they leave the field or press
 * Enter. The api is the judge of the minimum: its refusal is said beside the field, which keeps
 * what was typed until it is corrected (Escape puts the saved price back).
 */
export function CustomPriceField({ item, terms, locked, run }: CustomPriceFieldProps) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { minimum, suggested } = terms;
  const shown = draft ?? item.price.toFixed(2);

  async function save() {
    if (draft === null || saving || locked) return;
    const typed = DOLLARS.exec(draft.trim())?.[1];
    if (typed === undefined) {
      setRefusal(NOT_A_PRICE);
      return;
    }
    const price = Number(typed);
    if (cents(price) === cents(item.price)) {
      setDraft(null);
      setRefusal(null);
      return;
    }
    setSaving(true);
    await run(async () => {
      const done = await dispatch(
        setCustomPrice({ productId: item._id, quantity: item.quantity, customPrice: price }),
      );
      if (setCustomPrice.rejected.match(done)) {
        setRefusal(done.payload ?? 'Failed to update price');
      } else {
        setDraft(null);
        setRefusal(null);
      }
    });
    setSaving(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape' && draft !== null) {
      setDraft(null);
      setRefusal(null);
    }
  }

  const hint = [
    `Minimum ${formatPrice(minimum)}`,
    suggested === null ? null : `Suggested ${formatPrice(suggested)}`,
  ].filter((term) => term !== null);

  return (
    <div className={styles.customPrice} aria-busy={saving}>
      <label htmlFor={`${id}-price`} className={styles.customPriceLabel}>
        Your price
      </label>
      <span className={styles.customPriceInput}>
        <span aria-hidden="true">$</span>
        <input
          id={`${id}-price`}
          className={primitives.input}
          inputMode="decimal"
          autoComplete="off"
          value={shown}
          readOnly={saving || locked}
          aria-invalid={refusal !== null}
          aria-describedby={refusal ? `${id}-hint ${id}-refusal` : `${id}-hint`}
          onChange={(event) => {
            setDraft(event.target.value);
            setRefusal(null);
          }}
          onBlur={() => void save()}
          onKeyDown={onKeyDown}
        />
        {saving && (
          <span className={styles.saving} role="status">
            Saving...
          </span>
        )}
      </span>
      <span id={`${id}-hint`} className={styles.hint}>
        {hint.join(' · ')}
      </span>
      {refusal && (
        <span id={`${id}-refusal`} className={styles.priceRefusal} role="alert">
          {refusal}
        </span>
      )}
    </div>
  );
}
