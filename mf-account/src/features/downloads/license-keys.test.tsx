import { answerGets } from '@store/shared/testing/api-answers';
import { holdApiCalls } from '@store/shared/testing/held-api-calls';
import { apiClient, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LicenseKey, PurchasedPage, PurchasedProduct } from '@store/contract';
import { purchased } from '../../testing/fixtures';
import { COPY_FAILED, KEY_COPIED } from './copy-license-key';
import { DEVICE_DEACTIVATED } from './device-row';
import { activation, licenseKey } from './license-fixture';
import { MyDownloads } from './my-downloads';

const LIST = '/orders/purchased-products';
const KEY = licenseKey();
const LAPTOP = activation();
const STUDIO = activation({
  instanceId: '9c3e1a7f-6b2d-4f8e-a1c5-7d9e0f1a2b3c',
  instanceName: 'Studio PC',
  lastSeenAt: '2026-10-02T12:00:00Z',
});
const DEVICE_PATH = `/orders/licenses/${KEY.id}/activations/${LAPTOP.instanceId}`;

const page = (purchasedProducts: PurchasedProduct[]): PurchasedPage => ({
  purchasedProducts,
  nextCursor: null,
});
const licensed = (licenseKeys: LicenseKey[], name = 'Neon Brushes') =>
  purchased({ id: name, name, licenseKeys });
/** The numbered key `n` of a purchase of several. */
const keyNumber = (n: number) =>
  licenseKey({
    id: `k${n}`,
    key: `7K2M9Q4D-1X8B3F6H-0V5N2C9R-4T7W1Y${String(n).padStart(2, '0')}`,
  });

const keyItem = (key: string) => screen.getByText(key).closest('li')!;
const keysOf = (name: RegExp | string) => screen.getByRole('region', { name });

afterEach(() => jest.restoreAllMocks());

async function showDownloads(products: PurchasedProduct[]) {
  const user = userEvent.setup();
  jest.spyOn(apiClient, 'get').mockImplementation(answerGets({ [LIST]: page(products) }));
  renderWithProviders(<MyDownloads />);
  await screen.findAllByTestId('download-card');
  return user;
}

/** My Downloads with every call held until the test answers it; the list's first page given. */
async function holdDownloads(products: PurchasedProduct[]) {
  const held = holdApiCalls();
  const user = userEvent.setup();
  renderWithProviders(<MyDownloads />);
  await waitFor(() => expect(held.calls).toHaveLength(1));
  act(() => held.calls[0]!.answer(200, page(products)));
  await screen.findAllByTestId('download-card');
  const calls = (method: string, url: string) =>
    held.calls.filter((call) => call.config.method === method && call.config.url === url);
  return { user, calls };
}

describe('License keys in My Downloads', () => {
  it('shows each key in its own field, with its devices, its limit and how long it lasts', async () => {
    await showDownloads([licensed([licenseKey({ activations: [LAPTOP, STUDIO] })])]);

    const section = keysOf('License key');
    const key = within(section).getByText(KEY.key);
    expect(key.tagName).toBe('CODE');
    const item = keyItem(KEY.key);
    expect(item).toHaveTextContent('2 of 3 devices');
    expect(item).toHaveTextContent('Perpetual');
    expect(within(item).queryByText(/^(Disabled|Revoked|Expired)$/)).not.toBeInTheDocument();

    const devices = within(item).getByRole('list', { name: 'Devices' });
    const rows = within(devices).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      "Dora's laptopLast seen Nov 20, 2026Deactivate",
      'Studio PCLast seen Oct 2, 2026Deactivate',
    ]);
    const deactivate = within(devices).getByRole('button', { name: "Deactivate Dora's laptop" });
    expect(deactivate).toHaveAccessibleDescription('Last seen Nov 20, 2026');
    expect(within(devices).getByRole('button', { name: 'Deactivate Studio PC' })).toBeEnabled();
  });

  it('marks a key that does not work, and says when it expires or expired', async () => {
    await showDownloads([
      licensed([
        keyNumber(1),
        licenseKey({ ...keyNumber(2), status: 'disabled', expiresAt: '2027-01-20T12:00:00Z' }),
      ]),
      licensed(
        [
          licenseKey({ ...keyNumber(3), status: 'revoked', activations: [], activationLimit: 1 }),
          licenseKey({ ...keyNumber(4), status: 'expired', expiresAt: '2025-01-20T12:00:00Z' }),
        ],
        'Pixel Icons',
      ),
    ]);

    const active = keyItem(keyNumber(1).key);
    expect(within(active).queryByText(/^(Disabled|Revoked|Expired)$/)).not.toBeInTheDocument();
    const disabled = keyItem(keyNumber(2).key);
    expect(within(disabled).getByText('Disabled')).toBeInTheDocument();
    expect(disabled).toHaveTextContent('Expires Jan 20, 2027');
    const revoked = keyItem(keyNumber(3).key);
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
    expect(revoked).toHaveTextContent('0 of 1 device');
    expect(revoked).toHaveTextContent('Not activated on any device');
    expect(within(revoked).queryByRole('list', { name: 'Devices' })).not.toBeInTheDocument();
    const expired = keyItem(keyNumber(4).key);
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(expired).toHaveTextContent('Expired Jan 20, 2025');
  });

  it('copies the key to the clipboard and says so', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = await showDownloads([licensed([KEY])]);

    const copy = within(keyItem(KEY.key)).getByRole('button', { name: 'Copy' });
    expect(copy).toHaveAccessibleDescription(KEY.key);
    await user.click(copy);

    await expect(navigator.clipboard.readText()).resolves.toBe(KEY.key);
    expect(success).toHaveBeenCalledWith(KEY_COPIED);
  });

  it('says when the browser refuses the copy, selects the key instead and logs nothing', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const logged = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      jest.spyOn(console, level),
    );
    const user = await showDownloads([licensed([KEY])]);
    jest
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Write permission denied', 'NotAllowedError'));

    await user.click(within(keyItem(KEY.key)).getByRole('button', { name: 'Copy' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(COPY_FAILED));
    expect(success).not.toHaveBeenCalled();
    expect(window.getSelection()?.toString()).toBe(KEY.key);
    const lines = logged.flatMap((spy) => spy.mock.calls.flat().map(String));
    expect(lines.filter((line) => line.includes(KEY.key))).toEqual([]);
  });

  it('deactivates a device: busy while the api works, then gone, and the list is read again', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const { user, calls } = await holdDownloads([
      licensed([licenseKey({ activations: [LAPTOP, STUDIO] })]),
    ]);
    const laptop = screen.getByRole('button', { name: "Deactivate Dora's laptop" });

    await user.click(laptop);
    expect(calls('delete', DEVICE_PATH)).toHaveLength(1);
    expect(laptop).toBeDisabled();
    expect(laptop).toHaveTextContent('Deactivating...');
    expect(screen.getByRole('button', { name: 'Deactivate Studio PC' })).toBeEnabled();
    const after = licenseKey({ activations: [STUDIO] });
    act(() => calls('delete', DEVICE_PATH)[0]!.answer(200, after));

    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Dora's laptop/ })).not.toBeInTheDocument(),
    );
    expect(success).toHaveBeenCalledWith(DEVICE_DEACTIVATED);
    expect(keyItem(KEY.key)).toHaveTextContent('1 of 3 devices');

    await waitFor(() => expect(calls('get', LIST)).toHaveLength(2));
    const seenSince = { ...STUDIO, lastSeenAt: '2026-11-25T12:00:00Z' };
    act(() =>
      calls('get', LIST)[1]!.answer(
        200,
        page([licensed([{ ...after, activations: [seenSince] }])]),
      ),
    );
    expect(await screen.findByText('Nov 25, 2026')).toBeInTheDocument();
    expect(screen.queryByText("Dora's laptop")).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate Studio PC' })).toBeEnabled();
    expect(calls('delete', DEVICE_PATH)).toHaveLength(1);
  });

  it("toasts the api's message when a device cannot be deactivated, and keeps it listed", async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const { user, calls } = await holdDownloads([licensed([KEY])]);

    await user.click(screen.getByRole('button', { name: "Deactivate Dora's laptop" }));
    act(() => calls('delete', DEVICE_PATH)[0]!.answer(404, { message: 'License not found' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('License not found'));
    expect(success).not.toHaveBeenCalled();
    const laptop = screen.getByRole('button', { name: "Deactivate Dora's laptop" });
    await waitFor(() => expect(laptop).toBeEnabled());
    expect(laptop).toHaveTextContent(/^Deactivate$/);
    expect(calls('get', LIST)).toHaveLength(1);
  });

  it('lists the first 3 of many keys, and all of them on request', async () => {
    const keys = Array.from({ length: 10 }, (_, at) => keyNumber(at + 1));
    const user = await showDownloads([licensed(keys)]);

    const section = keysOf('License keys');
    const copies = () => within(section).getAllByRole('button', { name: 'Copy' });
    expect(copies()).toHaveLength(3);
    const more = within(section).getByRole('button', { name: 'Show all 10 keys' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(more.getAttribute('aria-controls')!)).toContainElement(
      within(section).getByText(keyNumber(1).key),
    );

    await user.click(more);
    expect(copies()).toHaveLength(10);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(more).toHaveTextContent('Show fewer keys');
    expect(within(section).getByText(keyNumber(10).key)).toBeInTheDocument();
  });

  it('shows no license section for a product without keys', async () => {
    await showDownloads([purchased({ name: 'Pixel Icons' })]);
    expect(screen.queryByRole('region', { name: /License key/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    expect(screen.getByTestId('download-card')).not.toHaveTextContent(/License|device/);
  });
});
