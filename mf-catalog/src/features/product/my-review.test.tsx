import type { ProductMine } from '@store/contract';
import { apiClient, notify } from '@store/shared';
import { answerGets } from '@store/shared/testing/api-answers';
import { signedInStore } from '@store/shared/testing/cart';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderProductPage } from '../../testing/render-product-page';
import { mine, MINE_URL, pageAnswers, review } from '../../testing/product-page-answers';

const OWN = { ...review({ title: 'Good', body: '<b>bold?</b>' }), hidden: false };

beforeEach(() => {
  jest.spyOn(notify, 'error').mockImplementation(() => undefined);
  jest.spyOn(notify, 'success').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function renderOwnReview(first: ProductMine) {
  const answers = { mine: first };
  jest
    .spyOn(apiClient, 'get')
    .mockImplementation(answerGets(pageAnswers({ [MINE_URL]: () => answers.mine })));
  renderProductPage('/product/neon-brushes', { store: signedInStore() });
  const own = await screen.findByRole('region', { name: 'Your review' });
  return { own: within(own), answers };
}

describe('MyReview', () => {
  it('shows the own review as text, and says when the store hid it', async () => {
    const { own } = await renderOwnReview(mine({ owned: true, review: { ...OWN, hidden: true } }));
    expect(own.getByText('<b>bold?</b>')).toBeVisible();
    expect(own.getByText(/This review is hidden/)).toBeVisible();
    expect(own.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  });

  it('edits the review in a form filled with it, sent with PUT', async () => {
    const put = jest
      .spyOn(apiClient, 'put')
      .mockResolvedValue({ data: review({ title: 'Better' }), status: 200 });
    const user = userEvent.setup();
    const { own, answers } = await renderOwnReview(mine({ owned: true, review: OWN }));

    await user.click(own.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('heading', { name: 'Edit your review' })).toBeVisible();
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Good');
    await user.clear(title);
    await user.type(title, 'Better');
    answers.mine = mine({ owned: true, review: { ...OWN, title: 'Better' } });
    await user.click(screen.getByRole('button', { name: 'Save review' }));

    expect(put).toHaveBeenCalledWith(
      '/products/p1/reviews/mine',
      { rating: 4, title: 'Better', body: '<b>bold?</b>' },
      expect.anything(),
    );
    const shown = await screen.findByRole('region', { name: 'Your review' });
    expect(await within(shown).findByText('Better')).toBeVisible();
    expect(notify.success).toHaveBeenCalledWith('Review updated');
  });

  it('deletes the review after a confirmation, and offers the form again', async () => {
    const remove = jest.spyOn(apiClient, 'delete').mockResolvedValue({ data: null, status: 204 });
    const user = userEvent.setup();
    const { own, answers } = await renderOwnReview(mine({ owned: true, review: OWN }));

    await user.click(own.getByRole('button', { name: 'Delete' }));
    await user.click(own.getByRole('button', { name: 'Keep it' }));
    expect(remove).not.toHaveBeenCalled();

    await user.click(own.getByRole('button', { name: 'Delete' }));
    answers.mine = mine({ owned: true });
    await user.click(own.getByRole('button', { name: 'Delete review' }));

    expect(remove).toHaveBeenCalledWith('/products/p1/reviews/mine', expect.anything());
    expect(await screen.findByRole('heading', { name: 'Write a review' })).toBeVisible();
    expect(notify.success).toHaveBeenCalledWith('Review deleted');
  });
});
