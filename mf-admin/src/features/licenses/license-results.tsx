import { LoadError, LoadMore, Spinner, usePagedList } from '@store/shared';
import { DataTable } from '../../common/data-table';
import { LicenseRow } from './license-row';
import { adminLicensesApi, LICENSES_FAILED as FAILED } from './licenses-api';
import styles from './licenses.module.css';
import type { LicenseActions } from './use-license-actions';

const COLUMNS = ['Key', 'Product', 'Buyer', 'Status', 'Devices', 'Expires', 'Issued', 'Actions'];

interface LicenseResultsProps {
  /** A whole key or a buyer's whole e-mail. */
  q: string;
  actions: LicenseActions;
}

/**
 * The keys one search found, with Load more over the api's cursors. Each search is a new one
 * (the panel keys it), read afresh even when its text was searched before.
 */
export function LicenseResults({ q, actions }: LicenseResultsProps) {
  const licenses = usePagedList(
    adminLicensesApi.useAdminLicensesInfiniteQuery(q, { refetchOnMountOrArgChange: true }),
    FAILED,
  );
  const { status, items } = licenses;

  if (status === 'loading') return <Spinner label="Loading licenses..." />;
  if (status === 'failed')
    return <LoadError message={licenses.error ?? FAILED} onRetry={licenses.retry} />;
  if (items.length === 0) return <p className={styles.empty}>No licenses match &quot;{q}&quot;</p>;
  return (
    <>
      <DataTable caption={`Licenses matching "${q}"`} columns={COLUMNS}>
        {items.map((license) => (
          <LicenseRow
            key={license.id}
            license={license}
            columns={COLUMNS.length}
            busy={actions.busy(license.id)}
            onToggle={(action) => void actions.toggle(license, action)}
            onReset={() => actions.askReset(license)}
          />
        ))}
      </DataTable>
      <LoadMore
        shown={items.length}
        noun="licenses"
        singular="license"
        hasMore={licenses.hasMore}
        loading={licenses.loadingMore}
        onLoadMore={licenses.loadMore}
      />
    </>
  );
}
