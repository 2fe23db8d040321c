import { primitives } from '@store/shared';
import { describedProps, errorId, Field, FieldHint, hintId } from './field';
import styles from './license-fields.module.css';
import formStyles from './product-form.module.css';
import type { ProductFormState } from './use-product-form';
import { ACTIVATION_LIMIT_MAX, LICENSE_DAYS_MAX, type LicenseLength } from './validate-license';

const LENGTHS: readonly { length: LicenseLength; label: string }[] = [
  { length: 'perpetual', label: 'Perpetual' },
  { length: 'days', label: 'A number of days' },
];

interface WholeNumberProps {
  id: string;
  max: number;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A required whole number from 1 to `max`, described by its field's hint and error. */
function WholeNumber({ id, max, value, error, onChange }: WholeNumberProps) {
  return (
    <input
      id={id}
      className={primitives.input}
      type="number"
      inputMode="numeric"
      step="1"
      min="1"
      max={max}
      value={value}
      required
      onChange={(event) => onChange(event.target.value)}
      {...describedProps(id, error)}
    />
  );
}

/**
 * Whether each unit bought issues a license key, and on which terms: how many devices at once,
 * and for how long from the purchase (perpetual, or a number of days).
 */
export function LicenseFields({ form, idPrefix }: { form: ProductFormState; idPrefix: string }) {
  const { draft, errors, setField } = form;
  const id = (name: string) => `${idPrefix}-${name}`;
  const licensedError = errors.licensed;

  return (
    <fieldset className={formStyles.group}>
      <legend>License keys</legend>
      <div className={formStyles.check}>
        <input
          id={id('licensed')}
          type="checkbox"
          checked={draft.licensed}
          onChange={(event) => setField('licensed', event.target.checked)}
          {...describedProps(id('licensed'), licensedError)}
        />
        <label htmlFor={id('licensed')}>Issue license keys</label>
      </div>
      <FieldHint id={id('licensed')}>
        One key per unit bought, shown to its buyer in My Downloads
      </FieldHint>
      {licensedError && (
        <p id={errorId(id('licensed'))} className={formStyles.error}>
          {licensedError}
        </p>
      )}
      {draft.licensed && (
        <div className={formStyles.pair}>
          <Field
            id={id('activation-limit')}
            label="Activation limit"
            error={errors.activationLimit}
            hint={
              <FieldHint id={id('activation-limit')}>
                Devices per key at once, 1 to {ACTIVATION_LIMIT_MAX}
              </FieldHint>
            }
          >
            <WholeNumber
              id={id('activation-limit')}
              max={ACTIVATION_LIMIT_MAX}
              value={draft.activationLimit}
              error={errors.activationLimit}
              onChange={(value) => setField('activationLimit', value)}
            />
          </Field>
          <fieldset className={styles.length} aria-describedby={hintId(id('license-length'))}>
            <legend>License length</legend>
            <div className={formStyles.radios}>
              {LENGTHS.map(({ length, label }) => (
                <span key={length} className={formStyles.check}>
                  <input
                    id={id(`license-length-${length}`)}
                    type="radio"
                    name={id('license-length')}
                    checked={draft.licenseLength === length}
                    onChange={() => setField('licenseLength', length)}
                  />
                  <label htmlFor={id(`license-length-${length}`)}>{label}</label>
                </span>
              ))}
            </div>
            <FieldHint id={id('license-length')}>
              {draft.licenseLength === 'days'
                ? 'Counted from the purchase; expired keys stop validating'
                : 'Keys never expire'}
            </FieldHint>
            {draft.licenseLength === 'days' && (
              <Field
                id={id('license-days')}
                label="Days"
                error={errors.licenseDays}
                hint={<FieldHint id={id('license-days')}>1 to {LICENSE_DAYS_MAX}</FieldHint>}
              >
                <WholeNumber
                  id={id('license-days')}
                  max={LICENSE_DAYS_MAX}
                  value={draft.licenseDays}
                  error={errors.licenseDays}
                  onChange={(value) => setField('licenseDays', value)}
                />
              </Field>
            )}
          </fieldset>
        </div>
      )}
    </fieldset>
  );
}
