import type { ReactNode } from 'react';
import styles from './discounts.module.css';

export const errorId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

/** What a control of the field sets: its hint and its error as its description. */
export function describedProps(id: string, error: string | undefined, hint: boolean) {
  const describedBy = [hint && hintId(id), error && errorId(id)].filter(Boolean).join(' ');
  return {
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}

/** A labelled control, its hint and its error; the control spreads `describedProps`. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={hintId(id)} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && <FieldError id={id} error={error} />}
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error: string }) {
  return (
    <p id={errorId(id)} className={styles.error}>
      {error}
    </p>
  );
}
