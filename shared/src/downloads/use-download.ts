import type { DownloadTicket } from '@store/contract';
import { useCallback, useRef, useState } from 'react';
import { apiClient } from '../api/client';
import { errorMessage } from '../api/error-message';
import { notify } from '../ui/notify';

/** A download link for one purchased product: counted by the api, so never cached. */
export const downloadTicket = (productId: string) =>
  apiClient
    .get<DownloadTicket>(`/products/download/${encodeURIComponent(productId)}`)
    .then((response) => response.data);

/**
 * Starts a download in a new tab, wherever a buyer finds the product (My Downloads, an order, the
 * product page). A product already in flight is ignored, so a double click never asks twice;
 * `onStarted` runs after a successful start with the api's ticket (which says how many downloads
 * are left).
 */
export function useDownload(onStarted?: (productId: string, ticket: DownloadTicket) => void) {
  const inFlight = useRef(new Set<string>());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const download = useCallback(
    async (productId: string) => {
      if (inFlight.current.has(productId)) return;
      inFlight.current.add(productId);
      setPending(new Set(inFlight.current));
      try {
        const ticket = await downloadTicket(productId);
        window.open(ticket.downloadUrl, '_blank', 'noopener');
        notify.success('Download started!');
        onStarted?.(productId, ticket);
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
