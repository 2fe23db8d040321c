import { authApi, errorMessage, notify, PasswordField, primitives } from '@store/shared';
import { useState, type FormEvent } from 'react';
import styles from './profile.module.css';
import { validatePasswordChange, type PasswordChange } from './validate-password-change';

const EMPTY: PasswordChange = { current: '', next: '', confirm: '' };

export function ChangePasswordForm() {
  const [fields, setFields] = useState<PasswordChange>(EMPTY);
  const [submitting, setSubmitting] = useState(false);
  const incomplete = !fields.current || !fields.next || !fields.confirm;

  const set = (key: keyof PasswordChange) => (value: string) =>
    setFields((previous) => ({ ...previous, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const problem = validatePasswordChange(fields);
    if (problem) {
      notify.error(problem);
      return;
    }
    setSubmitting(true);
    try {
      await authApi.changePassword(fields.current, fields.next);
      notify.success('Password changed successfully!');
      setFields(EMPTY);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to change password'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="password-heading">
      <h2 id="password-heading">Change Password</h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <PasswordField
          label="Current Password"
          value={fields.current}
          autoComplete="current-password"
          onChange={set('current')}
        />
        <PasswordField
          label="New Password"
          value={fields.next}
          autoComplete="new-password"
          onChange={set('next')}
        />
        <PasswordField
          label="Confirm New Password"
          value={fields.confirm}
          autoComplete="new-password"
          onChange={set('confirm')}
        />
        <button type="submit" className={primitives.button} disabled={incomplete || submitting}>
          {submitting ? 'Changing Password...' : 'Change Password'}
        </button>
      </form>
    </section>
  );
}
