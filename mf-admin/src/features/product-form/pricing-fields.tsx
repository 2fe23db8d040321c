import type { PricingKind } from '@store/contract';
import { primitives } from '@store/shared';
import { describedProps, errorId, Field, FieldHint, invalidProps } from './field';
import styles from './product-form.module.css';
import type { ProductFormState } from './use-product-form';

const KINDS: readonly { kind: PricingKind; label: string }[] = [
  { kind: 'fixed', label: 'Fixed price' },
  { kind: 'pay_what_you_want', label: 'Pay what you want' },
];

/**
 * How the product is priced: a fixed price with an optional sale, or pay what you want from a
 * minimum (0 allowed) with a suggested price.
 */
export function PricingFields({ form, idPrefix }: { form: ProductFormState; idPrefix: string }) {
  const { draft, errors, setField } = form;
  const id = (name: string) => `${idPrefix}-${name}`;
  const payWhatYouWant = draft.pricing === 'pay_what_you_want';
  const onSale = draft.salePrice !== '' || draft.saleEndsAt !== '';

  return (
    <fieldset
      className={styles.group}
      aria-describedby={errors.pricing ? errorId(id('pricing')) : undefined}
    >
      <legend>Pricing</legend>
      <div className={styles.radios}>
        {KINDS.map(({ kind, label }) => (
          <span key={kind} className={styles.check}>
            <input
              id={id(`pricing-${kind}`)}
              type="radio"
              name={id('pricing')}
              checked={draft.pricing === kind}
              onChange={() => setField('pricing', kind)}
            />
            <label htmlFor={id(`pricing-${kind}`)}>{label}</label>
          </span>
        ))}
      </div>
      {errors.pricing && (
        <p id={errorId(id('pricing'))} className={styles.error}>
          {errors.pricing}
        </p>
      )}
      <div className={styles.pair}>
        <Field
          id={id('price')}
          label={payWhatYouWant ? 'Minimum price' : 'Price'}
          error={errors.price}
        >
          <input
            id={id('price')}
            className={primitives.input}
            type="number"
            inputMode="decimal"
            step="0.01"
            min={payWhatYouWant ? '0' : '0.01'}
            value={draft.price}
            required
            onChange={(event) => setField('price', event.target.value)}
            {...invalidProps(id('price'), errors.price)}
          />
        </Field>
        {payWhatYouWant && (
          <Field
            id={id('suggested-price')}
            label="Suggested price"
            error={errors.suggestedPrice}
            hint={<FieldHint id={id('suggested-price')}>Shown first; empty: none</FieldHint>}
          >
            <input
              id={id('suggested-price')}
              className={primitives.input}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              value={draft.suggestedPrice}
              onChange={(event) => setField('suggestedPrice', event.target.value)}
              {...describedProps(id('suggested-price'), errors.suggestedPrice)}
            />
          </Field>
        )}
      </div>
      {payWhatYouWant ? (
        <p className={styles.hint}>
          Buyers pay the minimum or more; a minimum of 0 lets them pay nothing.
        </p>
      ) : (
        <>
          <div className={styles.pair}>
            <Field
              id={id('sale-price')}
              label="Sale price"
              error={errors.salePrice}
              hint={<FieldHint id={id('sale-price')}>Below the price; empty: no sale</FieldHint>}
            >
              <input
                id={id('sale-price')}
                className={primitives.input}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0.01"
                value={draft.salePrice}
                onChange={(event) => setField('salePrice', event.target.value)}
                {...describedProps(id('sale-price'), errors.salePrice)}
              />
            </Field>
            <Field
              id={id('sale-ends')}
              label="Sale ends"
              error={errors.saleEndsAt}
              hint={
                <FieldHint id={id('sale-ends')}>Your local time; empty: until removed</FieldHint>
              }
            >
              <input
                id={id('sale-ends')}
                className={primitives.input}
                type="datetime-local"
                value={draft.saleEndsAt}
                onChange={(event) => setField('saleEndsAt', event.target.value)}
                {...describedProps(id('sale-ends'), errors.saleEndsAt)}
              />
            </Field>
          </div>
          {onSale && (
            <button
              type="button"
              className={`${primitives.secondary} ${styles.small} ${styles.endSale}`}
              disabled={form.saving}
              onClick={form.endSale}
            >
              End sale
            </button>
          )}
        </>
      )}
    </fieldset>
  );
}
