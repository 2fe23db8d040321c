import { primitives } from '@store/shared';
import { useId, useRef, type FormEvent } from 'react';
import { ProductPicker } from '../../common/product-picker';
import { CategoryChecks } from './category-checks';
import { describedProps, errorId, Field, FieldError } from './discount-field';
import { DRAFT_FIELDS, SCOPE_LIMIT, type DraftErrors } from './discount-draft';
import styles from './discounts.module.css';
import type { DiscountFormState } from './use-discount-form';

interface DiscountFormProps {
  form: DiscountFormState;
  onCancel: () => void;
}

/** The first control of the first field at fault. */
function firstInvalid(form: HTMLFormElement, errors: DraftErrors): HTMLElement | null {
  const field = DRAFT_FIELDS.find((name) => errors[name]);
  const holder = field && form.querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!holder) return null;
  if (holder.matches('input, select, textarea')) return holder;
  return holder.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])');
}

/** A discount code's form, new or edited; its state is the dialog's `useDiscountForm`. */
export function DiscountForm({ form, onCancel }: DiscountFormProps) {
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;
  const formRef = useRef<HTMLFormElement>(null);
  const { draft, errors, saving, change } = form;
  const percent = draft.kind === 'percent';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = await form.submit();
    if (formRef.current) firstInvalid(formRef.current, found)?.focus();
  }

  const numberField = (
    name: 'minSubtotal' | 'maxUses' | 'maxUsesPerCustomer',
    label: string,
    hint: string,
    step: string,
  ) => (
    <Field id={id(name)} label={label} hint={hint} error={errors[name]}>
      <input
        id={id(name)}
        data-field={name}
        type="number"
        inputMode={step === '1' ? 'numeric' : 'decimal'}
        className={primitives.input}
        step={step}
        min={step === '1' ? '1' : '0'}
        value={draft[name]}
        onChange={(event) => change({ [name]: event.target.value })}
        {...describedProps(id(name), errors[name], true)}
      />
    </Field>
  );

  const dateField = (name: 'startsAt' | 'endsAt', label: string, hint: string) => (
    <Field id={id(name)} label={label} hint={hint} error={errors[name]}>
      <input
        id={id(name)}
        data-field={name}
        type="datetime-local"
        className={primitives.input}
        value={draft[name]}
        onChange={(event) => change({ [name]: event.target.value })}
        {...describedProps(id(name), errors[name], true)}
      />
    </Field>
  );

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <Field
        id={id('code')}
        label="Code"
        hint="3 to 32 letters, digits or dashes; shoppers may type it in any case"
        error={errors.code}
      >
        <input
          id={id('code')}
          data-field="code"
          className={`${primitives.input} ${styles.code}`}
          value={draft.code}
          maxLength={32}
          autoComplete="off"
          spellCheck={false}
          required
          onChange={(event) => change({ code: event.target.value.toUpperCase() })}
          {...describedProps(id('code'), errors.code, true)}
        />
      </Field>

      <div className={styles.pair}>
        <fieldset className={styles.group}>
          <legend>Kind</legend>
          <div className={styles.radios}>
            {(['percent', 'amount'] as const).map((kind) => (
              <span key={kind} className={styles.check}>
                <input
                  id={id(`kind-${kind}`)}
                  type="radio"
                  name={id('kind')}
                  checked={draft.kind === kind}
                  onChange={() => change({ kind })}
                />
                <label htmlFor={id(`kind-${kind}`)}>
                  {kind === 'percent' ? 'Percent' : 'Amount'}
                </label>
              </span>
            ))}
          </div>
        </fieldset>
        <Field
          id={id('value')}
          label={percent ? 'Percent off' : 'Amount off'}
          hint={percent ? 'A whole number from 1 to 100' : 'Dollars, up to 2 decimals'}
          error={errors.value}
        >
          <input
            id={id('value')}
            data-field="value"
            type="number"
            inputMode={percent ? 'numeric' : 'decimal'}
            className={primitives.input}
            step={percent ? '1' : '0.01'}
            min={percent ? '1' : '0.01'}
            max={percent ? '100' : undefined}
            value={draft.value}
            required
            onChange={(event) => change({ value: event.target.value })}
            {...describedProps(id('value'), errors.value, true)}
          />
        </Field>
      </div>

      <fieldset
        className={styles.group}
        data-field="scope"
        aria-describedby={errors.scope ? errorId(id('scope')) : undefined}
      >
        <legend>Applies to</legend>
        <div className={styles.radios}>
          {(['all', 'chosen'] as const).map((scope) => (
            <span key={scope} className={styles.check}>
              <input
                id={id(`scope-${scope}`)}
                type="radio"
                name={id('scope')}
                checked={draft.scope === scope}
                onChange={() => change({ scope })}
              />
              <label htmlFor={id(`scope-${scope}`)}>
                {scope === 'all' ? 'Whole cart' : 'Chosen categories and products'}
              </label>
            </span>
          ))}
        </div>
        {errors.scope && <FieldError id={id('scope')} error={errors.scope} />}
      </fieldset>
      {draft.scope === 'chosen' && (
        <div className={styles.scope}>
          <CategoryChecks
            id={id('categories')}
            chosen={draft.categoryIds}
            error={errors.categories}
            onChange={(categoryIds) => change({ categoryIds })}
          />
          <ProductPicker
            id={id('products')}
            legend="Products"
            field="products"
            limit={SCOPE_LIMIT}
            chosen={draft.productIds}
            names={form.productNames}
            error={errors.products}
            disabled={saving}
            onAdd={form.addProduct}
            onRemove={form.removeProduct}
          />
        </div>
      )}

      {numberField('minSubtotal', 'Minimum subtotal', 'Dollars; empty: no minimum', '0.01')}
      <div className={styles.pair}>
        {dateField('startsAt', 'Starts', 'Your local time; empty: at once')}
        {dateField('endsAt', 'Ends', 'Your local time; empty: never')}
      </div>
      <div className={styles.pair}>
        {numberField('maxUses', 'Total use limit', 'Empty: no limit', '1')}
        {numberField('maxUsesPerCustomer', 'Per-customer limit', 'Empty: no limit', '1')}
      </div>
      <div className={styles.check}>
        <input
          id={id('active')}
          type="checkbox"
          checked={draft.active}
          onChange={(event) => change({ active: event.target.checked })}
        />
        <label htmlFor={id('active')}>Active</label>
      </div>

      <div className={styles.dialogActions}>
        <button type="button" className={primitives.secondary} disabled={saving} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primitives.button} disabled={saving}>
          {saving ? 'Saving...' : form.discount ? 'Save' : 'Create discount'}
        </button>
      </div>
    </form>
  );
}
