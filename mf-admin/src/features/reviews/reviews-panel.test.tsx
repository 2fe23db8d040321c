import type { AdminReview, AdminReviewsPage } from '@store/contract';
import { notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminReview } from '../../testing/fixtures';
import { holdListCalls } from '../../testing/held-list';
import { ReviewsPanel } from './reviews-panel';

const DORA = adminReview();
const REFUNDED = adminReview({
  id: 'r2',
  rating: 1,
  title: 'Not for me',
  body: 'Too soft.',
  authorName: 'Pat Q.',
  authorEmail: 'pat@example.com',
  productName: 'Pixel Icons',
  productSlug: 'pixel-icons',
  createdAt: '2026-03-14T10:00:00Z',
  hidden: true,
  hiddenReason: 'refund',
  reply: { body: 'Sorry to hear that.', createdAt: '2026-03-14T12:00:00Z' },
});
const numbered = (from: number, count: number) =>
  Array.from({ length: count }, (_, at) =>
    adminReview({ id: `r${from + at}`, title: `Review ${from + at}` }),
  );
const page = (reviews: AdminReview[], nextCursor: string | null = null): AdminReviewsPage => ({
  reviews,
  nextCursor,
});

const { calls, listCalls, listRequest, answerList } = holdListCalls('/admin/reviews');
const postCalls = (url: string) => calls('post', url);

async function renderPanel(first: AdminReviewsPage = page([DORA, REFUNDED])) {
  const user = userEvent.setup();
  renderWithProviders(<ReviewsPanel />);
  await answerList(0, first);
  await (first.reviews.length > 0
    ? screen.findByRole('table')
    : screen.findByText('No reviews yet'));
  return user;
}

const row = (title: string) => screen.getByText(title).closest('tr')!;
const titles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((tr) => tr.querySelector('td:nth-child(3) p')?.textContent);

describe('ReviewsPanel', () => {
  it('asks for the newest reviews and shows each one whole', async () => {
    renderWithProviders(<ReviewsPanel />);
    expect(await listRequest(0)).toEqual({ limit: '50' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading reviews...');
    await answerList(0, page([DORA, REFUNDED]));

    const table = await screen.findByRole('table', { name: 'All reviews, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Product', 'Rating', 'Review', 'Author', 'Date', 'Status', 'Actions']);
    const dora = row('Lovely brushes');
    expect(within(dora).getByRole('link', { name: 'Neon Brushes' })).toHaveAttribute(
      'href',
      '/product/neon-brushes',
    );
    expect(within(dora).getByRole('img', { name: '4 out of 5 stars' })).toHaveTextContent('★★★★☆');
    expect(dora).toHaveTextContent('Soft edges, great texture.');
    expect(dora).toHaveTextContent('Dora E.');
    expect(dora).toHaveTextContent('dora@example.com');
    expect(dora).toHaveTextContent('Mar 16, 2026');
    expect(dora).toHaveTextContent('Shown');
    expect(within(dora).getByRole('button', { name: 'Reply' })).toBeEnabled();
    expect(within(dora).getByRole('button', { name: 'Hide' })).toHaveAccessibleDescription(
      'Lovely brushes',
    );

    const pat = row('Not for me');
    expect(within(pat).getByRole('link', { name: 'Pixel Icons' })).toHaveAttribute(
      'href',
      '/product/pixel-icons',
    );
    expect(within(pat).getByRole('img', { name: '1 out of 5 stars' })).toBeInTheDocument();
    expect(pat).toHaveTextContent('Hidden');
    expect(pat).toHaveTextContent('The buyer was refunded');
    expect(pat).toHaveTextContent('Sorry to hear that.');
    expect(within(pat).getByRole('button', { name: 'Edit reply' })).toBeEnabled();
    expect(within(pat).getByRole('button', { name: 'Unhide' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 reviews (all)');
  });

  it('shows HTML in a review as text, never as markup', async () => {
    const markup = '<img src="x" onerror="alert(1)"><b>bold</b> & <script>x()</script>';
    await renderPanel(
      page([adminReview({ title: '<i>Title</i>', body: markup, authorName: '<u>Eve</u>' })]),
    );
    const eve = row('<i>Title</i>');
    expect(within(eve).getByText(markup)).toBeInTheDocument();
    expect(eve).toHaveTextContent('<u>Eve</u>');
    expect(eve.querySelector('img, b, i, u, script')).toBeNull();
  });

  it('says there are no reviews yet, and none for filters that match nothing', async () => {
    const user = await renderPanel(page([]));
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Rating'), '2 stars');
    await answerList(1, page([]));
    expect(await screen.findByText('No reviews match these filters')).toBeInTheDocument();
  });

  it('filters by rating and by shown or hidden, each from the first page', async () => {
    const user = await renderPanel(page([DORA, REFUNDED], 'c2'));
    const filters = screen.getByRole('group', { name: 'Filter reviews' });
    const rating = within(filters).getByLabelText('Rating');
    const visibility = within(filters).getByLabelText('Visibility');
    expect(
      within(rating)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any', '5 stars', '4 stars', '3 stars', '2 stars', '1 star']);
    expect(
      within(visibility)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any', 'Shown', 'Hidden']);

    await user.selectOptions(rating, '1 star');
    expect(await listRequest(1)).toEqual({ rating: '1', limit: '50' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading reviews...');
    await answerList(1, page([REFUNDED]));
    expect(
      await screen.findByRole('table', { name: 'Reviews matching the filters, newest first' }),
    ).toBeVisible();
    expect(titles()).toEqual(['Not for me']);

    await user.selectOptions(visibility, 'Hidden');
    expect(await listRequest(2)).toEqual({ rating: '1', hidden: 'true', limit: '50' });
    await user.selectOptions(visibility, 'Shown');
    expect(await listRequest(3)).toEqual({ rating: '1', hidden: 'false', limit: '50' });
    await user.selectOptions(rating, 'Any');
    expect(await listRequest(4)).toEqual({ hidden: 'false', limit: '50' });
  });

  it('appends the next page on Load more', async () => {
    const user = await renderPanel(page(numbered(1, 2), 'c2'));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await listRequest(1)).toEqual({ limit: '50', cursor: 'c2' });
    await answerList(1, page(numbered(3, 1)));
    await waitFor(() => expect(titles()).toEqual(['Review 1', 'Review 2', 'Review 3']));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 3 reviews (all)');
  });

  it('shows the failure with a Retry, never the empty state', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const user = await renderPanel();
    // The first answer was a page: fail a fresh list instead.
    await user.selectOptions(screen.getByLabelText('Rating'), '5 stars');
    await answerList(1, {}, 500);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load reviews');
    expect(error).toHaveBeenCalledWith('Failed to load reviews');
    expect(screen.queryByText(/^No reviews/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await listRequest(2)).toEqual({ rating: '5', limit: '50' });
    await answerList(2, page([DORA]));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('hides a review, saying so while it runs, then shows it again', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = await renderPanel();
    const dora = row('Lovely brushes');

    await user.click(within(dora).getByRole('button', { name: 'Hide' }));
    expect(postCalls('/reviews/r1/hide')).toHaveLength(1);
    expect(within(dora).getByRole('button', { name: 'Hiding...' })).toBeDisabled();
    expect(within(dora).getByRole('button', { name: 'Reply' })).toBeDisabled();
    expect(dora).toHaveAttribute('aria-busy', 'true');
    act(() => postCalls('/reviews/r1/hide')[0]!.answer(200, {}));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Review hidden successfully!'));
    expect(dora).toHaveTextContent('Hidden');
    expect(dora).toHaveTextContent('By an admin');
    const unhide = within(dora).getByRole('button', { name: 'Unhide' });
    expect(unhide).toBeEnabled();

    await user.click(unhide);
    expect(within(dora).getByRole('button', { name: 'Unhiding...' })).toBeDisabled();
    act(() => postCalls('/reviews/r1/unhide')[0]!.answer(200, {}));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Review shown again successfully!'));
    expect(dora).toHaveTextContent('Shown');
    expect(dora).not.toHaveTextContent('By an admin');
    expect(within(dora).getByRole('button', { name: 'Hide' })).toBeEnabled();
    // The rows changed in place: no page was read again.
    expect(listCalls()).toHaveLength(1);
  });

  it("toasts the api's message when hiding fails, the row as it was", async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = await renderPanel();
    const dora = row('Lovely brushes');
    await user.click(within(dora).getByRole('button', { name: 'Hide' }));
    act(() => postCalls('/reviews/r1/hide')[0]!.answer(404, { message: 'Review not found' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Review not found'));
    expect(success).not.toHaveBeenCalled();
    expect(dora).toHaveTextContent('Shown');
    expect(within(dora).getByRole('button', { name: 'Hide' })).toBeEnabled();
  });

  it('replies in a dialog: asks for text, sends it trimmed, then shows it in the row', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const user = await renderPanel();
    const dora = row('Lovely brushes');
    const reply = within(dora).getByRole('button', { name: 'Reply' });

    await user.click(reply);
    let dialog = screen.getByRole('dialog', { name: 'Reply to review' });
    expect(dialog).toHaveTextContent('“Lovely brushes” by Dora E.');
    const field = within(dialog).getByLabelText('Reply');
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('maxLength', '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    expect(within(dialog).getByText('Reply is required')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(postCalls('/reviews/r1/reply')).toHaveLength(0);

    await user.type(field, '  Thanks, Dora!  ');
    expect(field).toHaveAccessibleDescription('17 / 5000 characters');
    await user.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    const [call] = postCalls('/reviews/r1/reply');
    expect(call!.json()).toEqual({ body: 'Thanks, Dora!' });
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dora).getByRole('button', { name: 'Saving reply...' })).toBeDisabled();
    expect(within(dora).getByRole('button', { name: 'Hide' })).toBeDisabled();
    act(() => call!.answer(200, {}));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Reply saved successfully!');
    expect(dora).toHaveTextContent('Thanks, Dora!');
    const edit = within(dora).getByRole('button', { name: 'Edit reply' });
    expect(edit).toHaveFocus();

    // Editing starts from the reply shown.
    await user.click(edit);
    dialog = screen.getByRole('dialog', { name: 'Edit reply' });
    expect(within(dialog).getByLabelText('Reply')).toHaveValue('Thanks, Dora!');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(postCalls('/reviews/r1/reply')).toHaveLength(1);
  });

  it('keeps the reply dialog, text and all, ready for a retry when saving fails', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const user = await renderPanel();
    await user.click(within(row('Not for me')).getByRole('button', { name: 'Edit reply' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit reply' });
    const field = within(dialog).getByLabelText('Reply');
    await user.type(field, ' We have refunded you.');
    await user.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    act(() => postCalls('/reviews/r2/reply')[0]!.answer(500, {}));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to save the reply'));
    expect(field).toHaveValue('Sorry to hear that. We have refunded you.');
    await user.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    expect(postCalls('/reviews/r2/reply')).toHaveLength(2);
    expect(postCalls('/reviews/r2/reply')[1]!.json()).toEqual({
      body: 'Sorry to hear that. We have refunded you.',
    });
    expect(row('Not for me')).toHaveTextContent('Sorry to hear that.');
  });
});
