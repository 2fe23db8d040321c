import type { Discount, DiscountsPage } from '@store/contract';
import { notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { holdListCalls } from '../../testing/held-list';
import { discount } from './discount-fixture';
import { DiscountsPanel } from './discounts-panel';

const SPRING = discount();
const WELCOME = discount({
  id: 'd2',
  code: 'WELCOME-5',
  kind: 'amount',
  value: 5,
  appliesTo: { productIds: ['p1', 'p2'], categoryIds: ['c1'] },
  startsAt: '2020-01-01T09:00:00.000Z',
  endsAt: '2099-06-30T18:30:00.000Z',
  maxUses: null,
  uses: 7,
  revenue: 1234.5,
  active: false,
});
const LATER = discount({
  id: 'd3',
  code: 'SUMMER',
  appliesTo: { productIds: [], categoryIds: ['c1', 'c2'] },
  startsAt: '2099-06-01T00:00:00.000Z',
  uses: 0,
  revenue: 0,
});
const OVER = discount({
  id: 'd4',
  code: 'OLD-1',
  appliesTo: { productIds: ['p1'], categoryIds: [] },
  endsAt: '2020-02-01T00:00:00.000Z',
  active: false,
});
const numbered = (from: number, count: number) =>
  Array.from({ length: count }, (_, at) =>
    discount({ id: `n${from + at}`, code: `CODE-${from + at}` }),
  );
const page = (discounts: Discount[], nextCursor: string | null = null): DiscountsPage => ({
  discounts,
  nextCursor,
});

const { calls, listCalls, listRequest, answerList } = holdListCalls('/admin/discounts');

// The admin's own locale and zone, as the column shows them.
const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

async function renderPanel(first: DiscountsPage = page([SPRING, WELCOME])) {
  const user = userEvent.setup();
  renderWithProviders(<DiscountsPanel />);
  await answerList(0, first);
  await (first.discounts.length > 0
    ? screen.findByRole('table')
    : screen.findByText('No discount codes yet'));
  return user;
}

const row = (code: string) => screen.getByRole('rowheader', { name: code }).closest('tr')!;
const cells = (code: string) =>
  [...row(code).querySelectorAll('th, td')].slice(0, 7).map((cell) => cell.textContent);
const codes = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

describe('DiscountsPanel', () => {
  it('asks for the newest codes and shows each with its figures and status', async () => {
    renderWithProviders(<DiscountsPanel />);
    expect(await listRequest(0)).toEqual({ limit: '50' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading discounts...');
    expect(screen.getByTestId('skeleton')).toHaveAttribute('aria-busy', 'true');
    await answerList(0, page([SPRING, WELCOME, LATER, OVER]));

    const table = await screen.findByRole('table', { name: 'All discount codes, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Code', 'Discount', 'Applies to', 'Dates', 'Uses', 'Revenue', 'Status', 'Actions']);
    expect(cells('SPRING10')).toEqual([
      'SPRING10',
      '10% off',
      'Whole cart',
      'Always',
      '3 / 100',
      '$123.45',
      'Active',
    ]);
    expect(cells('WELCOME-5')).toEqual([
      'WELCOME-5',
      '$5.00 off',
      '2 products, 1 category',
      `From ${when(WELCOME.startsAt!)} to ${when(WELCOME.endsAt!)}`,
      '7',
      '$1,234.50',
      'Paused',
    ]);
    expect(cells('SUMMER')).toEqual([
      'SUMMER',
      '10% off',
      '2 categories',
      `From ${when(LATER.startsAt!)}`,
      '0 / 100',
      '$0.00',
      'Scheduled',
    ]);
    // Ended wins over paused: resuming would not bring it back.
    expect(cells('OLD-1')[2]).toBe('1 product');
    expect(cells('OLD-1')[3]).toBe(`Until ${when(OVER.endsAt!)}`);
    expect(cells('OLD-1')[6]).toBe('Ended');

    const spring = row('SPRING10');
    expect(within(spring).getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription(
      'SPRING10',
    );
    expect(within(spring).getByRole('button', { name: 'Pause' })).toBeEnabled();
    expect(within(spring).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(within(row('WELCOME-5')).getByRole('button', { name: 'Resume' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 4 discount codes (all)');
  });

  it('searches by the start of a code once typing pauses, from the first page', async () => {
    const user = await renderPanel(page([SPRING, WELCOME], 'c2'));
    const search = within(screen.getByRole('search', { name: 'Discount codes table' })).getByRole(
      'searchbox',
      { name: 'Search discount codes' },
    );

    // One typing run (see products-table.test.tsx).
    await user.type(search, 'spr');
    // Nothing was asked per keystroke: the search waits for the pause.
    expect(listCalls()).toHaveLength(1);
    expect(await listRequest(1)).toEqual({ q: 'spr', limit: '50' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading discounts...');
    await answerList(1, page([SPRING]));
    expect(
      await screen.findByRole('table', { name: 'Discount codes starting with "SPR"' }),
    ).toBeVisible();
    expect(codes()).toEqual(['SPRING10']);

    // Typed over the old text in one run: a clear first, then a pause (a loaded CI machine
    // made one), would rightly search for nothing in between.
    await user.type(search, ' zz {Enter}', { initialSelectionStart: 0, initialSelectionEnd: 3 });
    expect(await listRequest(2)).toEqual({ q: 'zz', limit: '50' });
    await answerList(2, page([]));
    expect(await screen.findByText('No discount codes start with "ZZ"')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create a discount code' })).toBeNull();
  });

  it('appends the next page on Load more', async () => {
    const user = await renderPanel(page(numbered(1, 2), 'c2'));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await listRequest(1)).toEqual({ limit: '50', cursor: 'c2' });
    await answerList(1, page(numbered(3, 1)));
    await waitFor(() => expect(codes()).toEqual(['CODE-1', 'CODE-2', 'CODE-3']));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 3 discount codes (all)');
  });

  it('says there are no codes yet, with a button that opens the form', async () => {
    const user = await renderPanel(page([]));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create a discount code' });
    await user.click(create);
    const dialog = screen.getByRole('dialog', { name: 'New discount code' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(create).toHaveFocus();
  });

  it('shows the failure with a Retry, never the empty state', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const user = userEvent.setup();
    renderWithProviders(<DiscountsPanel />);
    await answerList(0, {}, 500);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load discounts');
    expect(error).toHaveBeenCalledWith('Failed to load discounts');
    expect(screen.queryByText('No discount codes yet')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await listRequest(1)).toEqual({ limit: '50' });
    await answerList(1, page([SPRING]));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('pauses a code with its whole body, saying so while it runs, then resumes it', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = await renderPanel();
    const puts = () => calls('put', '/admin/discounts/d1');

    await user.click(within(row('SPRING10')).getByRole('button', { name: 'Pause' }));
    expect(puts()).toHaveLength(1);
    expect(puts()[0]!.json()).toEqual({
      code: 'SPRING10',
      kind: 'percent',
      value: 10,
      appliesTo: null,
      minSubtotal: 0,
      startsAt: null,
      endsAt: null,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      active: false,
    });
    const spring = row('SPRING10');
    expect(within(spring).getByRole('button', { name: 'Pausing...' })).toBeDisabled();
    expect(within(spring).getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(spring).toHaveAttribute('aria-busy', 'true');
    act(() => puts()[0]!.answer(200, { ...SPRING, active: false }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Discount paused'));
    expect(cells('SPRING10')[6]).toBe('Paused');
    const resume = within(row('SPRING10')).getByRole('button', { name: 'Resume' });
    expect(resume).toBeEnabled();
    // The list reloads behind the row already changed.
    expect(await listRequest(1)).toEqual({ limit: '50' });
    await answerList(1, page([{ ...SPRING, active: false }, WELCOME]));

    await user.click(within(row('SPRING10')).getByRole('button', { name: 'Resume' }));
    expect(puts()[1]!.json()).toMatchObject({ code: 'SPRING10', active: true });
    expect(within(row('SPRING10')).getByRole('button', { name: 'Resuming...' })).toBeDisabled();
    act(() => puts()[1]!.answer(200, SPRING));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Discount resumed'));
    expect(cells('SPRING10')[6]).toBe('Active');
  });

  it("toasts the api's message when pausing fails, the row as it was", async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = await renderPanel();
    await user.click(within(row('SPRING10')).getByRole('button', { name: 'Pause' }));
    act(() =>
      calls('put', '/admin/discounts/d1')[0]!.answer(404, { message: 'Discount not found' }),
    );

    await waitFor(() => expect(error).toHaveBeenCalledWith('Discount not found'));
    expect(success).not.toHaveBeenCalled();
    expect(cells('SPRING10')[6]).toBe('Active');
    expect(within(row('SPRING10')).getByRole('button', { name: 'Pause' })).toBeEnabled();
    expect(listCalls()).toHaveLength(1);
  });

  it('asks before deleting, says Deleting... while it runs, then takes the row off', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const user = await renderPanel();
    const deletes = () => calls('delete', '/admin/discounts/d2');
    const remove = within(row('WELCOME-5')).getByRole('button', { name: 'Delete' });

    await user.click(remove);
    let dialog = screen.getByRole('dialog', { name: 'Delete discount code?' });
    expect(dialog).toHaveTextContent('"WELCOME-5" stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(deletes()).toHaveLength(0);

    // A failure keeps the dialog, ready for a retry.
    await user.click(remove);
    dialog = screen.getByRole('dialog', { name: 'Delete discount code?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    act(() => deletes()[0]!.answer(500, {}));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to delete the discount'));
    expect(screen.getByRole('dialog', { name: 'Delete discount code?' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(deletes()).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(row('WELCOME-5')).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    act(() => deletes()[1]!.answer(200, { message: 'Discount deleted' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Discount deleted');
    expect(codes()).toEqual(['SPRING10']);
    expect(await listRequest(1)).toEqual({ limit: '50' });
  });
});
