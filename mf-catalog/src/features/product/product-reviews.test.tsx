import { apiClient, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { answerGets } from '@store/shared/testing/api-answers';
import { signedInStore } from '@store/shared/testing/cart';
import { holdApiCalls } from '@store/shared/testing/held-api-calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerer } from '../../testing/paged-answers';
import { productPage, review, reviewsPage, REVIEWS_URL } from '../../testing/product-page-answers';
import { ProductReviews } from './product-reviews';

const PRODUCT = productPage();
const titles = () =>
  screen.getAllByTestId('review').map((item) => within(item).getByRole('heading').textContent);

beforeEach(() => {
  jest.spyOn(notify, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function renderReviews(signedIn = false) {
  return renderWithProviders(
    <ProductReviews product={PRODUCT} mine={null} />,
    signedIn ? { store: signedInStore() } : {},
  );
}

describe('ProductReviews', () => {
  it('says there are no reviews yet', async () => {
    jest.spyOn(apiClient, 'get').mockImplementation(answerGets({ [REVIEWS_URL]: reviewsPage([]) }));
    renderReviews();
    expect(await screen.findByText('No reviews yet')).toBeVisible();
  });

  it('shows each review as text, with its author, date and the store’s reply under it', async () => {
    const replied = review({
      title: '<img src=x onerror=alert(1)>',
      body: '**not bold**\n<script>x</script>',
      reply: { body: 'Thank you!', createdAt: '2026-04-03T10:00:00Z' },
    });
    jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets({ [REVIEWS_URL]: reviewsPage([replied]) }));
    renderReviews();

    const item = await screen.findByTestId('review');
    expect(within(item).getByRole('heading')).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(item.querySelector('img, script, strong')).toBeNull();
    expect(item).toHaveTextContent('**not bold** <script>x</script>');
    expect(item).toHaveTextContent('Ana B.Verified buyer · Apr 2, 2026');
    expect(within(item).getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    expect(within(item).getByText('Reply from the store').nextSibling).toHaveTextContent(
      'Thank you!',
    );
  });

  it('asks for the chosen sort from its first page, and appends pages on Load more', async () => {
    const calls = answerer(holdApiCalls());
    const user = userEvent.setup();
    renderReviews();
    await calls.answer(REVIEWS_URL, reviewsPage([review({ id: 'a', title: 'A' })], 'c1'));

    const sort = screen.getByLabelText('Sort reviews by');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Newest', 'Most helpful', 'Highest rated', 'Lowest rated']);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await calls.answer(
      '/products/p1/reviews?sort=newest&cursor=c1',
      reviewsPage([review({ id: 'b', title: 'B' })]),
    );
    expect(titles()).toEqual(['A', 'B']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.selectOptions(sort, 'Lowest rated');
    await calls.answer(
      '/products/p1/reviews?sort=rating_asc',
      reviewsPage([review({ id: 'c', title: 'C', rating: 1 })]),
    );
    expect(titles()).toEqual(['C']);
    expect(calls.waiting()).toEqual([]);
  });

  it('marks a review helpful once, showing the count the api answers', async () => {
    jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets({ [REVIEWS_URL]: reviewsPage([review()]) }));
    const post = jest
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ data: { helpfulCount: 7 }, status: 200 });
    renderReviews(true);

    const helpful = await screen.findByRole('button', { name: 'Helpful (2)' });
    expect(helpful).toHaveAccessibleDescription('Lovely brushes');
    await userEvent.click(helpful);

    expect(post).toHaveBeenCalledWith('/reviews/r1/helpful', undefined, expect.anything());
    const voted = await screen.findByRole('button', { name: 'Helpful (7)' });
    expect(voted).toHaveAttribute('aria-pressed', 'true');
    expect(voted).toBeDisabled();
  });

  it('asks a visitor to log in before marking a review helpful', async () => {
    jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets({ [REVIEWS_URL]: reviewsPage([review()]) }));
    const post = jest.spyOn(apiClient, 'post');
    renderReviews();

    await userEvent.click(await screen.findByRole('button', { name: 'Helpful (2)' }));
    expect(notify.error).toHaveBeenCalledWith('Please login to mark reviews helpful');
    expect(post).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Helpful (2)' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
  });
});
