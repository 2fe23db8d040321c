import { notify } from '@store/shared';

export const KEY_COPIED = 'License key copied';
export const COPY_FAILED = 'Could not copy the key: it is selected for you to copy';

/**
 * Puts the key on the clipboard and says so; false when the browser refuses (no permission, or
 * no clipboard outside a secure context). Nothing is logged: a key never reaches a log.
 */
export async function copyLicenseKey(key: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('No clipboard');
    await navigator.clipboard.writeText(key);
    notify.success(KEY_COPIED);
    return true;
  } catch {
    notify.error(COPY_FAILED);
    return false;
  }
}
