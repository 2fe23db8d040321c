import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LicenseResults } from './license-results';
import { LicensesSearch } from './licenses-search';
import styles from './licenses.module.css';
import { useLicenseActions } from './use-license-actions';

interface Search {
  q: string;
  /** Counts the searches, so the same text searched again is a new search. */
  count: number;
}

/**
 * License keys found by a whole key or a buyer's e-mail, masked; nothing is asked before a
 * search. Each key can be disabled or enabled, and its devices listed and reset (after a
 * confirmation).
 */
export function LicensesPanel() {
  const [search, setSearch] = useState<Search | null>(null);
  const actions = useLicenseActions(search?.q ?? '');
  const resetting = actions.resetting;

  return (
    <div className={styles.panel}>
      <LicensesSearch
        onSearch={(q) => setSearch((last) => ({ q, count: (last?.count ?? 0) + 1 }))}
      />
      {search && <LicenseResults key={search.count} q={search.q} actions={actions} />}
      {resetting && (
        <ConfirmDialog
          title="Reset devices?"
          message={`This signs out every device of this key (${resetting.maskedKey}).`}
          confirmLabel="Reset devices"
          busy={actions.busy(resetting.id) === 'reset'}
          busyLabel="Resetting..."
          onConfirm={() => void actions.confirmReset()}
          onCancel={actions.cancelReset}
        />
      )}
    </div>
  );
}
