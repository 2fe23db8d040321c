import type { PurchasedProduct } from '@store/contract';

/** Whether the buyer may download it now: allowed, and no refund took it back. */
export const mayDownload = (purchase: PurchasedProduct) =>
  purchase.canDownload && !purchase.refunded;

/**
 * Why there is no Download button. `refunded` comes first: it is set only when every order that
 * granted the product was refunded or disputed, so no other grant is left to download with.
 */
export function downloadBlockedReason(purchase: PurchasedProduct): string {
  if (purchase.refunded) return 'Refunded';
  return purchase.remainingDownloads <= 0 ? 'Download limit reached' : 'Download expired';
}

/** A purchase after a download: the ticket's count, and no download once none is left. */
export function withRemaining(
  purchase: PurchasedProduct,
  remaining: number | undefined,
): PurchasedProduct {
  if (remaining === undefined) return purchase;
  return {
    ...purchase,
    remainingDownloads: remaining,
    canDownload: purchase.canDownload && remaining > 0,
  };
}
