import type { AdminLicense } from '@store/contract';
import { notify, useAppDispatch } from '@store/shared';
import { useState } from 'react';
import { adminLicensesApi, showLicenseChange, type LicenseAction } from './licenses-api';

const DONE: Record<LicenseAction, string> = {
  disable: 'License disabled',
  enable: 'License enabled',
  reset: 'Devices reset',
};

/**
 * Disabling, enabling and resetting the keys of the search shown (`q`). The key as the api
 * answered it replaces its row; a failure toasts the api's message through the endpoint and
 * leaves the row as it was. Reset asks first; its dialog stays until the devices are gone, ready
 * for a retry after a failure.
 */
export function useLicenseActions(q: string) {
  const dispatch = useAppDispatch();
  const [disable] = adminLicensesApi.useDisableLicenseMutation();
  const [enable] = adminLicensesApi.useEnableLicenseMutation();
  const [reset] = adminLicensesApi.useResetLicenseMutation();
  const calls = { disable, enable, reset };
  const [busy, setBusy] = useState<Readonly<Record<string, LicenseAction>>>({});
  const [resetting, setResetting] = useState<AdminLicense | null>(null);

  async function run(id: string, action: LicenseAction): Promise<boolean> {
    setBusy((rows) => ({ ...rows, [id]: action }));
    try {
      const { data } = await calls[action](id);
      if (!data) return false;
      showLicenseChange(dispatch, q, data);
      notify.success(DONE[action]);
      return true;
    } finally {
      setBusy(({ [id]: _settled, ...rows }) => rows);
    }
  }

  async function toggle(license: AdminLicense, action: 'disable' | 'enable') {
    if (busy[license.id]) return;
    await run(license.id, action);
  }

  async function confirmReset() {
    if (!resetting || busy[resetting.id]) return;
    const { id } = resetting;
    if (!(await run(id, 'reset'))) return;
    setResetting((current) => (current?.id === id ? null : current));
  }

  return {
    busy: (id: string): LicenseAction | undefined => busy[id],
    /** The key the reset confirmation asks about, if it is open. */
    resetting,
    askReset: setResetting,
    cancelReset: () => setResetting(null),
    confirmReset,
    toggle,
  };
}

export type LicenseActions = ReturnType<typeof useLicenseActions>;
