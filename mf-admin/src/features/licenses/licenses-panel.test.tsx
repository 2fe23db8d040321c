import type { AdminLicense, AdminLicensesPage } from '@store/contract';
import { notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { holdListCalls } from '../../testing/held-list';
import { adminLicense } from './license-fixture';
import { LicensesPanel } from './licenses-panel';

const DORA = adminLicense();
const YEARLY = adminLicense({
  id: 'l2',
  maskedKey: 'XXXXXXXX-XXXXXXXX-XXXXXXXX-9QK2M7PD',
  productName: 'Pixel Icons',
  status: 'disabled',
  activationLimit: 5,
  expiresAt: '2027-03-15T12:00:00.000Z',
  activations: [],
});
const REFUNDED = adminLicense({
  id: 'l3',
  maskedKey: 'XXXXXXXX-XXXXXXXX-XXXXXXXX-0V5N2C9R',
  status: 'revoked',
});
const numbered = (from: number, count: number) =>
  Array.from({ length: count }, (_, at) =>
    adminLicense({
      id: `n${from + at}`,
      maskedKey: `XXXXXXXX-XXXXXXXX-XXXXXXXX-0000000${from + at}`,
    }),
  );
const page = (licenses: AdminLicense[], nextCursor: string | null = null): AdminLicensesPage => ({
  licenses,
  nextCursor,
});

const { calls, listCalls, listRequest, answerList } = holdListCalls('/admin/licenses');
const postCalls = (url: string) => calls('post', url);

// The admin's own locale and zone, as the devices list shows a check-in.
const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

const searchBox = () => screen.getByRole('searchbox', { name: 'Search licenses' });

async function search(user: ReturnType<typeof userEvent.setup>, q: string) {
  await user.clear(searchBox());
  await user.type(searchBox(), `${q}{Enter}`);
}

/** Renders the panel and searches for Dora's e-mail, answered with `first`. */
async function renderSearched(first: AdminLicensesPage = page([DORA, YEARLY, REFUNDED])) {
  const user = userEvent.setup();
  renderWithProviders(<LicensesPanel />);
  await search(user, 'dora@example.com');
  await answerList(0, first);
  await (first.licenses.length > 0
    ? screen.findByRole('table')
    : screen.findByText(/^No licenses/));
  return user;
}

const row = (maskedKey: string) =>
  screen.getByRole('rowheader', { name: maskedKey }).closest('tr')!;
const keys = () => screen.getAllByRole('rowheader').map((th) => th.textContent);

describe('LicensesPanel', () => {
  it('asks for nothing until a search is sent, then sends it whole on Enter', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LicensesPanel />);
    expect(searchBox()).toHaveAccessibleDescription(
      "Find a license by its whole key or the buyer's e-mail",
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // Typing alone searches nothing: half a key would only find none.
    await user.type(searchBox(), '  Dora@Example.com  ');
    expect(listCalls()).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(await listRequest(0)).toEqual({ q: 'Dora@Example.com', limit: '50' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading licenses...');
    await answerList(0, page([DORA]));
    expect(
      await screen.findByRole('table', { name: 'Licenses matching "Dora@Example.com"' }),
    ).toBeVisible();

    // An empty search is none; the Search button sends like Enter.
    await user.clear(searchBox());
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(listCalls()).toHaveLength(1);
    await user.type(searchBox(), 'XXXX-KEY');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await listRequest(1)).toEqual({ q: 'XXXX-KEY', limit: '50' });
  });

  it('shows each key masked with its product, buyer, state, devices and dates', async () => {
    await renderSearched();
    const table = screen.getByRole('table', { name: 'Licenses matching "dora@example.com"' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Key', 'Product', 'Buyer', 'Status', 'Devices', 'Expires', 'Issued', 'Actions']);
    expect(keys()).toEqual([DORA.maskedKey, YEARLY.maskedKey, REFUNDED.maskedKey]);

    const dora = row(DORA.maskedKey);
    expect(within(dora).getByRole('rowheader')).toHaveClass('key');
    expect(dora).toHaveTextContent('Neon Brushes');
    expect(dora).toHaveTextContent('dora@example.com');
    expect(dora).toHaveTextContent('Active');
    expect(dora).toHaveTextContent('1 / 3');
    expect(dora).toHaveTextContent('Never');
    expect(dora).toHaveTextContent('Mar 15, 2026');
    const disable = within(dora).getByRole('button', { name: 'Disable' });
    expect(disable).toHaveAccessibleDescription(DORA.maskedKey);
    expect(within(dora).getByRole('button', { name: 'Reset devices' })).toBeEnabled();

    const yearly = row(YEARLY.maskedKey);
    expect(yearly).toHaveTextContent('Disabled');
    expect(yearly).toHaveTextContent('0 / 5');
    expect(yearly).toHaveTextContent('Mar 15, 2027');
    expect(within(yearly).getByRole('button', { name: 'Enable' })).toBeEnabled();
    // No device to sign out.
    expect(within(yearly).getByRole('button', { name: 'Reset devices' })).toBeDisabled();

    // A refund's revoke is not the admin's to undo.
    const refunded = row(REFUNDED.maskedKey);
    expect(refunded).toHaveTextContent('Revoked');
    expect(within(refunded).queryByRole('button', { name: /^(Disable|Enable)$/ })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 3 licenses (all)');
  });

  it('lists the devices of a key beneath its row, each with its last check-in', async () => {
    const user = await renderSearched();
    const show = within(row(DORA.maskedKey)).getByRole('button', { name: 'Show devices' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(show).toHaveAccessibleDescription(DORA.maskedKey);
    expect(screen.queryByRole('list', { name: `Devices of ${DORA.maskedKey}` })).toBeNull();

    await user.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    expect(show).toHaveTextContent('Hide devices');
    const devices = screen.getByRole('list', { name: `Devices of ${DORA.maskedKey}` });
    expect(document.getElementById(show.getAttribute('aria-controls')!)).toContainElement(devices);
    expect(
      within(devices)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Dora's laptop` + `Last seen ${when('2026-03-20T09:30:00.000Z')}`]);

    await user.click(within(row(YEARLY.maskedKey)).getByRole('button', { name: 'Show devices' }));
    expect(screen.getByText('No devices activated')).toBeVisible();

    await user.click(show);
    expect(screen.queryByRole('list', { name: `Devices of ${DORA.maskedKey}` })).toBeNull();
  });

  it('says when nothing matches, and reads the same search again when it is sent again', async () => {
    const user = await renderSearched(page([]));
    expect(screen.getByText('No licenses match "dora@example.com"')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await listRequest(1)).toEqual({ q: 'dora@example.com', limit: '50' });
    await answerList(1, page([DORA]));
    expect(await screen.findByRole('rowheader', { name: DORA.maskedKey })).toBeInTheDocument();
  });

  it('appends the next page on Load more', async () => {
    const user = await renderSearched(page(numbered(1, 2), 'c2'));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await listRequest(1)).toEqual({ q: 'dora@example.com', limit: '50', cursor: 'c2' });
    await answerList(1, page(numbered(3, 1)));
    await waitFor(() =>
      expect(keys()).toEqual([
        'XXXXXXXX-XXXXXXXX-XXXXXXXX-00000001',
        'XXXXXXXX-XXXXXXXX-XXXXXXXX-00000002',
        'XXXXXXXX-XXXXXXXX-XXXXXXXX-00000003',
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 3 licenses (all)');
  });

  it("shows the api's refusal of a search with a Retry, never the empty state", async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const user = userEvent.setup();
    renderWithProviders(<LicensesPanel />);
    await search(user, 'x'.repeat(3));
    await answerList(0, { message: 'Search by a whole key or an e-mail address' }, 400);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Search by a whole key or an e-mail address',
    );
    expect(error).toHaveBeenCalledWith('Search by a whole key or an e-mail address');
    expect(screen.queryByText(/^No licenses/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await listRequest(1)).toEqual({ q: 'xxx', limit: '50' });
    await answerList(1, page([DORA]));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('disables a key, saying so while it runs, then enables it again', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = await renderSearched();
    const dora = row(DORA.maskedKey);

    await user.click(within(dora).getByRole('button', { name: 'Disable' }));
    expect(postCalls('/admin/licenses/l1/disable')).toHaveLength(1);
    expect(within(dora).getByRole('button', { name: 'Disabling...' })).toBeDisabled();
    expect(within(dora).getByRole('button', { name: 'Reset devices' })).toBeDisabled();
    expect(dora).toHaveAttribute('aria-busy', 'true');
    act(() =>
      postCalls('/admin/licenses/l1/disable')[0]!.answer(200, { ...DORA, status: 'disabled' }),
    );

    await waitFor(() => expect(success).toHaveBeenCalledWith('License disabled'));
    expect(dora).toHaveTextContent('Disabled');
    const enable = within(dora).getByRole('button', { name: 'Enable' });
    expect(enable).toBeEnabled();

    await user.click(enable);
    expect(within(dora).getByRole('button', { name: 'Enabling...' })).toBeDisabled();
    act(() => postCalls('/admin/licenses/l1/enable')[0]!.answer(200, DORA));
    await waitFor(() => expect(success).toHaveBeenCalledWith('License enabled'));
    expect(dora).toHaveTextContent('Active');
    expect(within(dora).getByRole('button', { name: 'Disable' })).toBeEnabled();
    // The row changed in place: no page was read again.
    expect(listCalls()).toHaveLength(1);
  });

  it('resets the devices after a confirmation, the row then showing none', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = await renderSearched();
    const dora = row(DORA.maskedKey);
    const reset = within(dora).getByRole('button', { name: 'Reset devices' });
    expect(reset).toHaveAccessibleDescription(DORA.maskedKey);

    // Cancel sends nothing.
    await user.click(reset);
    let dialog = screen.getByRole('dialog', { name: 'Reset devices?' });
    expect(dialog).toHaveTextContent(
      `This signs out every device of this key (${DORA.maskedKey}).`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(postCalls('/admin/licenses/l1/reset')).toHaveLength(0);

    await user.click(reset);
    dialog = screen.getByRole('dialog', { name: 'Reset devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset devices' }));
    expect(postCalls('/admin/licenses/l1/reset')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Resetting...' })).toBeDisabled();
    act(() => postCalls('/admin/licenses/l1/reset')[0]!.answer(200, { ...DORA, activations: [] }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Devices reset');
    expect(dora).toHaveTextContent('0 / 3');
    expect(within(dora).getByRole('button', { name: 'Reset devices' })).toBeDisabled();
  });

  it("toasts the api's message when an action fails, the row as it was", async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = await renderSearched();
    const dora = row(DORA.maskedKey);

    await user.click(within(dora).getByRole('button', { name: 'Disable' }));
    act(() =>
      postCalls('/admin/licenses/l1/disable')[0]!.answer(404, { message: 'License not found' }),
    );
    await waitFor(() => expect(error).toHaveBeenCalledWith('License not found'));
    expect(dora).toHaveTextContent('Active');
    expect(within(dora).getByRole('button', { name: 'Disable' })).toBeEnabled();

    // A failed reset keeps its dialog, ready for a retry.
    await user.click(within(dora).getByRole('button', { name: 'Reset devices' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset devices' }));
    act(() => postCalls('/admin/licenses/l1/reset')[0]!.answer(500, {}));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to reset the devices'));
    expect(within(dialog).getByRole('button', { name: 'Reset devices' })).toBeEnabled();
    expect(dora).toHaveTextContent('1 / 3');
    expect(success).not.toHaveBeenCalled();
  });
});
