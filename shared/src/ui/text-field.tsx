import primitives from './primitives.module.css';
import { useId, type InputHTMLAttributes } from 'react';
import styles from './text-field.module.css';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'className' | 'children'
>;

interface TextFieldProps extends InputProps {
  label: string;
  value: string;
  /** Called with the new text; a `readOnly` field goes without. */
  onChange?: (value: string) => void;
  type?: 'text' | 'email' | 'search' | 'tel' | 'url';
  /** A quieter label, for settings cards where the value matters more than its name. */
  mutedLabel?: boolean;
}

/** A label over a one-line input; the input takes every other prop given (name, autoComplete...). */
export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  id,
  mutedLabel = false,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;

  return (
    <div className={styles.field}>
      <label
        htmlFor={inputId}
        className={mutedLabel ? `${styles.label} ${styles.muted}` : styles.label}
      >
        {label}
      </label>
      <input
        {...inputProps}
        id={inputId}
        type={type}
        className={primitives.input}
        value={value}
        onChange={onChange && ((event) => onChange(event.target.value))}
      />
    </div>
  );
}
