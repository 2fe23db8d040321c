import { RemoteBoundary } from '@store/shared';
import { useCallback } from 'react';
import { loadedRemotePages, loadRemotePages } from './federation-loader';
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

  return (
    <RemoteBoundary
      load={load}
      label={REMOTE_LABELS[remote]}
      loaded={loadedRemotePages(remote)?.[path]}
    />
  );
}
