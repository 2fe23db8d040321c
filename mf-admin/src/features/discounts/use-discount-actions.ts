import type { Discount } from '@store/contract';
import { notify } from '@store/shared';
import { useState } from 'react';
import { adminDiscountsApi } from './discounts-api';

/** A row's request in flight, so its buttons can say what it is doing. */
export type DiscountAction = 'pause' | 'resume' | 'delete';

/**
 * Pausing, resuming and deleting codes. A change shows in its row at once (`onChanged`: the code
 * as the api answered it, or null once deleted) and the list reloads behind it; a failure toasts
 * the api's message through the endpoint. Delete asks first; its dialog stays until the code is
 * gone, ready for a retry after a failure.
 */
export function useDiscountActions(onChanged: (id: string, now: Discount | null) => void) {
  const [setActive] = adminDiscountsApi.useSetDiscountActiveMutation();
  const [remove] = adminDiscountsApi.useDeleteDiscountMutation();
  const [busy, setBusy] = useState<Readonly<Record<string, DiscountAction>>>({});
  const [deleting, setDeleting] = useState<Discount | null>(null);

  async function run<T>(id: string, action: DiscountAction, call: () => Promise<T>) {
    setBusy((rows) => ({ ...rows, [id]: action }));
    try {
      return await call();
    } finally {
      setBusy(({ [id]: _settled, ...rows }) => rows);
    }
  }

  async function toggleActive(discount: Discount) {
    if (busy[discount.id]) return;
    const active = !discount.active;
    const result = await run(discount.id, active ? 'resume' : 'pause', () =>
      setActive({ discount, active }),
    );
    if (!result.data) return;
    onChanged(discount.id, result.data);
    notify.success(active ? 'Discount resumed' : 'Discount paused');
  }

  async function confirmDelete() {
    if (!deleting || busy[deleting.id]) return;
    const { id } = deleting;
    const result = await run(id, 'delete', () => remove(id));
    if (result.error) return;
    onChanged(id, null);
    notify.success('Discount deleted');
    setDeleting((current) => (current?.id === id ? null : current));
  }

  return {
    busy: (id: string): DiscountAction | undefined => busy[id],
    /** The code the delete confirmation asks about, if it is open. */
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    toggleActive,
  };
}
