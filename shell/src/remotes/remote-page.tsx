import { RemoteBoundary, type RemoteKey } from '@store/shared';
import { useCallback } from 'react';
import { loadRemotePages } from './federation-loader';
import { REMOTE_LABELS } from './remote-catalogue';

interface RemotePageProps {
  remote: RemoteKey;
  /** The route path exactly as the remote's `pages` map keys it. */
  path: string;
}

export function RemotePage({ remote, path }: RemotePageProps) {
  const load = useCallback(async () => {
    const pages = await loadRemotePages(remote);
    const Page = pages[path];
    if (!Page) throw new Error(`Remote ${remote} has no page for ${path}`);
    return Page;
  }, [remote, path]);

  return <RemoteBoundary load={load} label={REMOTE_LABELS[remote]} />;
}
