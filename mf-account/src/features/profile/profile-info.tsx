import {
  primitives,
  selectAuthLoading,
  selectUser,
  TextField,
  updateProfileName,
  useAppDispatch,
  useAppSelector,
} from '@store/shared';
import { useState, type FormEvent } from 'react';
import styles from './profile.module.css';

export function ProfileInfo() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const saving = useAppSelector(selectAuthLoading);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');

  if (!user) return <p className={styles.muted}>Sign in to see your account.</p>;

  function edit() {
    setDraft(user?.name ?? '');
    setEditing(true);
  }

  function cancel() {
    setDraft(user?.name ?? '');
    setEditing(false);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const result = await dispatch(updateProfileName(draft));
    if (updateProfileName.fulfilled.match(result)) setEditing(false);
  }

  return (
    <div className={styles.grid}>
      <section className={styles.card} aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile Information</h2>
        {editing ? (
          <form className={styles.field} onSubmit={save}>
            <TextField
              label="Full Name"
              id="profile-name"
              value={draft}
              onChange={setDraft}
              autoComplete="name"
              autoFocus
              mutedLabel
            />
            <div className={styles.actions}>
              <button type="submit" className={primitives.button} disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </button>
              <button type="button" className={primitives.secondary} onClick={cancel}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div className={styles.field}>
            <span className={styles.label}>Full Name</span>
            <div className={styles.row}>
              <span data-testid="profile-name">{user.name}</span>
              <button
                type="button"
                className={primitives.secondary}
                aria-label="Edit full name"
                onClick={edit}
              >
                Edit
              </button>
            </div>
          </div>
        )}
        <TextField
          label="Email Address"
          id="profile-email"
          value={user.email}
          readOnly
          aria-readonly="true"
          mutedLabel
        />
      </section>
      <section className={styles.card} aria-labelledby="status-heading">
        <h2 id="status-heading">Account Status</h2>
        <dl className={styles.status}>
          <dt>Email Verified</dt>
          <dd className={user.is_email_verified ? styles.verified : styles.unverified}>
            {user.is_email_verified ? 'Verified' : 'Not Verified'}
          </dd>
        </dl>
      </section>
    </div>
  );
}
