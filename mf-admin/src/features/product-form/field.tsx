import type { ReactNode } from 'react';
import styles from './product-form.module.css';

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled control with its error; the control sets `aria-describedby={errorId(id)}`. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint}
      {error && (
        <p id={errorId(id)} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export function errorId(id: string): string {
  return `${id}-error`;
}

export function invalidProps(id: string, error?: string) {
  return error ? { 'aria-invalid': true, 'aria-describedby': errorId(id) } : {};
}

export function hintId(id: string): string {
  return `${id}-hint`;
}

/** A control with a hint (`<FieldHint>`): the hint, and the error when there is one. */
export function describedProps(id: string, error?: string) {
  return {
    'aria-describedby': error ? `${hintId(id)} ${errorId(id)}` : hintId(id),
    ...(error ? { 'aria-invalid': true } : {}),
  };
}

/** A field's hint, read after its label by `describedProps`. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={hintId(id)} className={styles.hint}>
      {children}
    </p>
  );
}
