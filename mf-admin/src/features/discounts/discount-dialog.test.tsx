import type { Discount } from '@store/contract';
import { notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DROPDOWNS, product } from '../../testing/fixtures';
import { holdListCalls } from '../../testing/held-list';
import { discount } from './discount-fixture';
import { DiscountsPanel } from './discounts-panel';

const SPRING = discount();
const SCOPED = discount({
  id: 'd2',
  code: 'BRUSHES-5',
  kind: 'amount',
  value: 5,
  appliesTo: { productIds: ['p1', 'p-gone'], categoryIds: ['c2'] },
  minSubtotal: 20,
  startsAt: '2026-04-01T09:00:30.000Z',
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
});

const { calls, listCalls, listRequest, answerList } = holdListCalls('/admin/discounts');
const posts = () => calls('post', '/admin/discounts');
const gets = (url: string) => calls('get', url);

async function renderPanel(rows: Discount[] = [SPRING, SCOPED]) {
  const user = userEvent.setup();
  renderWithProviders(<DiscountsPanel />);
  await answerList(0, { discounts: rows, nextCursor: null });
  await screen.findByRole('table');
  return user;
}

async function openNew(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'New discount code' }));
  return screen.getByRole('dialog', { name: 'New discount code' });
}

const setDate = (field: HTMLElement, value: string) =>
  fireEvent.change(field, { target: { value } });

describe('The discount dialog', () => {
  it('checks the form as the api would, then creates the code and reloads the list', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const user = await renderPanel();
    const opener = screen.getByRole('button', { name: 'New discount code' });
    const dialog = await openNew(user);
    const field = (label: string) => within(dialog).getByLabelText(label);
    const create = within(dialog).getByRole('button', { name: 'Create discount' });
    expect(field('Percent')).toBeChecked();
    expect(field('Whole cart')).toBeChecked();
    expect(field('Per-customer limit')).toHaveValue(1);
    expect(field('Active')).toBeChecked();

    await user.click(create);
    expect(field('Code')).toHaveAccessibleDescription(
      '3 to 32 letters, digits or dashes; shoppers may type it in any case Code is required',
    );
    expect(field('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Code')).toHaveFocus();
    expect(within(dialog).getByText('Percent off is required')).toBeInTheDocument();

    await user.type(field('Code'), 'sp');
    expect(field('Code')).toHaveValue('SP');
    // Typing clears the field's error.
    expect(field('Code')).not.toHaveAttribute('aria-invalid');
    await user.type(field('Percent off'), '150');
    await user.click(field('Chosen categories and products'));
    await waitFor(() => expect(gets('/dropdown/all')).toHaveLength(1));
    // RTK Query holds a list's reload until every request in flight has settled.
    act(() => gets('/dropdown/all')[0]!.answer(200, DROPDOWNS));
    await user.type(field('Total use limit'), '2.5');
    await user.clear(field('Per-customer limit'));
    setDate(field('Starts'), '2026-05-01T10:00');
    setDate(field('Ends'), '2026-04-01T10:00');
    await user.click(create);
    expect(
      within(dialog).getByText('Code must be 3 to 32 letters, digits or dashes'),
    ).toBeVisible();
    expect(
      within(dialog).getByText('Percent off must be a whole number from 1 to 100'),
    ).toBeVisible();
    expect(within(dialog).getByText('Choose at least one product or category')).toBeVisible();
    expect(within(dialog).getByText('Use limit must be a whole number')).toBeVisible();
    expect(within(dialog).getByText('End must be after the start')).toBeVisible();
    expect(field('Code')).toHaveFocus();

    await user.type(field('Code'), 'RING-10');
    await user.click(field('Amount'));
    expect(within(dialog).queryByLabelText('Percent off')).toBeNull();
    await user.clear(field('Amount off'));
    await user.type(field('Amount off'), '5.555');
    await user.click(create);
    expect(within(dialog).getByText('Amount off can have at most 2 decimals')).toBeVisible();
    expect(field('Amount off')).toHaveFocus();

    await user.clear(field('Amount off'));
    await user.type(field('Amount off'), '5.5');
    await user.click(field('Whole cart'));
    await user.clear(field('Total use limit'));
    await user.type(field('Total use limit'), '100');
    await user.type(field('Minimum subtotal'), '25');
    setDate(field('Ends'), '2026-06-01T18:30');
    expect(posts()).toHaveLength(0);
    await user.click(create);

    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.json()).toEqual({
      code: 'SPRING-10',
      kind: 'amount',
      value: 5.5,
      appliesTo: null,
      minSubtotal: 25,
      startsAt: new Date('2026-05-01T10:00').toISOString(),
      endsAt: new Date('2026-06-01T18:30').toISOString(),
      maxUses: 100,
      maxUsesPerCustomer: null,
      active: true,
    });
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // A save under way cannot be walked away from.
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    act(() => posts()[0]!.answer(201, discount({ id: 'd9', code: 'SPRING-10' })));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Discount created');
    expect(error).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
    // The list reloads to show it.
    expect(await listRequest(1)).toEqual({ limit: '50' });
    await answerList(1, {
      discounts: [discount({ id: 'd9', code: 'SPRING-10' }), SPRING, SCOPED],
      nextCursor: null,
    });
    expect(await screen.findByRole('rowheader', { name: 'SPRING-10' })).toBeInTheDocument();
  });

  it('shows a taken code on Code, and the api field errors on their fields', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = await renderPanel();
    const dialog = await openNew(user);
    const field = (label: string) => within(dialog).getByLabelText(label);
    await user.type(field('Code'), 'spring10');
    await user.type(field('Percent off'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create discount' }));
    act(() => posts()[0]!.answer(409, { message: 'A discount with this code already exists' }));

    await waitFor(() =>
      expect(field('Code')).toHaveAccessibleDescription(
        expect.stringContaining('A discount with this code already exists'),
      ),
    );
    expect(field('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Code')).toHaveFocus();
    // Said on its field: no toast on top.
    expect(error).not.toHaveBeenCalled();

    await user.clear(field('Code'));
    await user.type(field('Code'), 'SPRING11');
    await user.click(within(dialog).getByRole('button', { name: 'Create discount' }));
    act(() =>
      posts()[1]!.answer(400, {
        message: 'Percent off must be a whole number from 1 to 100',
        fields: {
          value: 'Percent off must be a whole number from 1 to 100',
          endsAt: 'End must be after the start',
          kind: 'Kind must be percent or amount',
        },
      }),
    );
    await waitFor(() =>
      expect(field('Percent off')).toHaveAccessibleDescription(
        expect.stringContaining('Percent off must be a whole number from 1 to 100'),
      ),
    );
    expect(field('Ends')).toHaveAccessibleDescription(
      expect.stringContaining('End must be after the start'),
    );
    expect(field('Percent off')).toHaveFocus();
    expect(error).not.toHaveBeenCalled();

    // A refusal no field shows is toasted, the form kept for a retry.
    await user.click(within(dialog).getByRole('button', { name: 'Create discount' }));
    act(() => posts()[2]!.answer(500, {}));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to create the discount'));
    expect(field('Code')).toHaveValue('SPRING11');
    expect(success).not.toHaveBeenCalled();
    expect(listCalls()).toHaveLength(1);
  });

  it('edits a code: its values, categories and products, and saves the whole body', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = await renderPanel();
    const edit = within(
      screen.getByRole('rowheader', { name: 'BRUSHES-5' }).closest('tr')!,
    ).getByRole('button', { name: 'Edit' });
    await user.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Edit BRUSHES-5' });
    const field = (label: string) => within(dialog).getByLabelText(label);
    expect(field('Code')).toHaveValue('BRUSHES-5');
    expect(field('Amount')).toBeChecked();
    expect(field('Amount off')).toHaveValue(5);
    expect(field('Minimum subtotal')).toHaveValue(20);
    expect(field('Chosen categories and products')).toBeChecked();
    expect(field('Starts')).toHaveValue(
      (() => {
        const at = new Date(SCOPED.startsAt!);
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
      })(),
    );
    expect(field('Ends')).toHaveValue('');
    expect(field('Total use limit')).toHaveValue(null);
    expect(field('Per-customer limit')).toHaveValue(null);

    // The categories are the product form's options; the products are looked up by id.
    await waitFor(() => expect(gets('/dropdown/all')).toHaveLength(1));
    act(() => gets('/dropdown/all')[0]!.answer(200, DROPDOWNS));
    expect(await within(dialog).findByLabelText('Icons')).toBeChecked();
    expect(field('Brushes')).not.toBeChecked();
    const lookups = () => gets('/products');
    await waitFor(() => expect(lookups()).toHaveLength(2));
    expect(lookups().map((call) => call.config.params)).toEqual([
      { q: 'p1', sort: 'newest', limit: '1' },
      { q: 'p-gone', sort: 'newest', limit: '1' },
    ]);
    act(() => lookups()[0]!.answer(200, { products: [product()], nextCursor: null }));
    act(() => lookups()[1]!.answer(200, { products: [], nextCursor: null }));
    const chosen = within(dialog).getByRole('list', { name: 'Chosen products' });
    await waitFor(() =>
      expect(
        within(chosen)
          .getAllByRole('listitem')
          .map((chip) => chip.textContent),
      ).toEqual(['Neon Brushes×', 'A removed product×']),
    );

    // Find a product by name and add it; take the removed one off.
    await user.type(field('Find products'), 'pix{Enter}');
    await waitFor(() => expect(lookups()).toHaveLength(3));
    expect(lookups()[2]!.config.params).toEqual({ q: 'pix', sort: 'name', limit: '10' });
    act(() =>
      lookups()[2]!.answer(200, {
        products: [product({ id: 'p2', name: 'Pixel Icons' }), product()],
        nextCursor: null,
      }),
    );
    const matches = await within(dialog).findByRole('list', { name: 'Matching products' });
    expect(within(matches).getByRole('button', { name: 'Neon Brushes added' })).toBeDisabled();
    await user.click(within(matches).getByRole('button', { name: 'Add Pixel Icons' }));
    expect(within(matches).getByRole('button', { name: 'Pixel Icons added' })).toBeDisabled();
    await user.click(within(chosen).getByRole('button', { name: 'Remove A removed product' }));
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Neon Brushes×', 'Pixel Icons×']);
    expect(field('Find products')).toHaveAccessibleDescription('2 of 100 products chosen');
    await user.click(field('Brushes'));
    await user.clear(field('Amount off'));
    await user.type(field('Amount off'), '7.25');
    // Enter in the product search did not send the form.
    expect(calls('put', '/admin/discounts/d2')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const [put] = calls('put', '/admin/discounts/d2');
    expect(put!.json()).toEqual({
      code: 'BRUSHES-5',
      kind: 'amount',
      value: 7.25,
      appliesTo: { productIds: ['p1', 'p2'], categoryIds: ['c2', 'c1'] },
      minSubtotal: 20,
      // Untouched, it keeps its seconds.
      startsAt: '2026-04-01T09:00:30.000Z',
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: null,
      active: true,
    });
    const saved = {
      ...SCOPED,
      value: 7.25,
      appliesTo: { productIds: ['p1', 'p2'], categoryIds: ['c2', 'c1'] },
    };
    act(() => put!.answer(200, saved));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Discount saved');
    const row = screen.getByRole('rowheader', { name: 'BRUSHES-5' }).closest('tr')!;
    expect(row).toHaveTextContent('$7.25 off');
    expect(row).toHaveTextContent('2 products, 2 categories');
    expect(edit).toHaveFocus();
    expect(await listRequest(1)).toEqual({ limit: '50' });
  });

  it('keeps Tab inside the dialog and gives focus back on Escape', async () => {
    const user = await renderPanel();
    const opener = screen.getByRole('button', { name: 'New discount code' });
    const dialog = await openNew(user);
    expect(dialog).toHaveFocus();
    const last = within(dialog).getByRole('button', { name: 'Create discount' });
    last.focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
