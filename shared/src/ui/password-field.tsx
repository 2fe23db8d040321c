import primitives from './primitives.module.css';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import styles from './password-field.module.css';

export type MatchState = 'match' | 'mismatch' | null;

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  autoComplete?: 'current-password' | 'new-password';
  required?: boolean;
  minLength?: number;
  placeholder?: string;
  /** Colours the border and shows an icon; used by the confirm fields. */
  matchState?: MatchState;
  children?: ReactNode;
}

const MATCH_ICON = {
  match: { symbol: '✓', label: 'Passwords match' },
  mismatch: { symbol: '✕', label: 'Passwords differ' },
} as const;

export function PasswordField({
  label,
  value,
  onChange,
  name,
  autoComplete = 'current-password',
  required = true,
  minLength,
  placeholder,
  matchState = null,
  children,
}: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const stateClass = matchState ? styles[matchState] : '';
  const icon = matchState ? MATCH_ICON[matchState] : null;

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          className={`${primitives.input} ${styles.input} ${stateClass}`}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          autoComplete={autoComplete}
          required={required}
          minLength={minLength}
          placeholder={placeholder}
          aria-invalid={matchState === 'mismatch' ? true : undefined}
        />
        {icon && (
          <span
            className={`${styles.matchIcon} ${stateClass}`}
            role="img"
            aria-label={icon.label}
            title={icon.label}
          >
            {icon.symbol}
          </span>
        )}
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {children}
    </div>
  );
}
