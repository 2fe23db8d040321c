import { errorMessage, notify } from '@store/shared';
import { useCallback, useRef, useState } from 'react';
import { ordersApi } from '../orders/orders-api';

/**
 * Starts a download in a new tab. A product already in flight is ignored, so a double click
 * never asks twice; `onStarted` runs after a successful start (e.g. to refresh the list).
 */
export function useDownload(onStarted?: () => unknown) {
  const inFlight = useRef(new Set<string>());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const download = useCallback(
    async (productId: string) => {
      if (inFlight.current.has(productId)) return;
      inFlight.current.add(productId);
      setPending(new Set(inFlight.current));
      try {
        const { downloadUrl } = await ordersApi.download(productId);
        window.open(downloadUrl, '_blank', 'noopener');
        notify.success('Download started!');
        await onStarted?.();
      } catch (error) {
        notify.error(errorMessage(error, 'Failed to download asset'));
      } finally {
        inFlight.current.delete(productId);
        setPending(new Set(inFlight.current));
      }
    },
    [onStarted],
  );

  return { download, isDownloading: (productId: string) => pending.has(productId) };
}
