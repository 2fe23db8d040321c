import { RemoteBoundary } from '@store/shared';
import { useCallback } from 'react';
import { failedWithPreloads, loadedRemotePages, loadRemotePages } from './federation-loader';
import { REMOTE_LABELS } from './remote-catalogue';
import { REMOTE_ROUTES, type RemotePath } from './remote-routes';

interface RemotePageProps {
  /** The route path exactly as the remote's `pages` map keys it. */
  path: RemotePath;
}

export function RemotePage({ path }: RemotePageProps) {
  const remote = REMOTE_ROUTES[path];
  const load = useCallback(async () => {
    const pages = await loadRemotePages(remote);
    const Page = pages[path];
    if (!Page) throw new Error(`Remote ${remote} has no page for ${path}`);
    return Page;
  }, [remote, path]);
  // After an outage at landing a load in place would repeat the failure: Retry opens the page anew.
  const retryElsewhere = useCallback(() => {
    if (!failedWithPreloads(remote)) return false;
    window.location.reload();
    return true;
  }, [remote]);

  return (
    <RemoteBoundary
      load={load}
      label={REMOTE_LABELS[remote]}
      retryElsewhere={retryElsewhere}
      loaded={loadedRemotePages(remote)?.[path]}
    />
  );
}
