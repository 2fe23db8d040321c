import type { ProductMine } from '@store/contract';
import { apiClient, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { signedInStore } from '@store/shared/testing/cart';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderProductPage } from '../../testing/render-product-page';
import {
  mine,
  MINE_URL,
  PAGE_URL,
  pageAnswers,
  review,
  REVIEWS_URL,
} from '../../testing/product-page-answers';
import { ReviewForm } from './review-form';

beforeEach(() => {
  jest.spyOn(notify, 'error').mockImplementation(() => undefined);
  jest.spyOn(notify, 'success').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const field = (name: string) => screen.getByRole('textbox', { name });

describe('ReviewForm', () => {
  it("refuses an empty review with the api's messages and focuses the first field to fix", async () => {
    const post = jest.spyOn(apiClient, 'post');
    renderWithProviders(<ReviewForm productId="p1" />, { store: signedInStore() });

    await userEvent.type(field('Review'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Post review' }));

    expect(screen.getByText('Rating must be a number from 1 to 5')).toBeVisible();
    expect(screen.getByText('Title is required')).toBeVisible();
    expect(screen.getByText('Review is required')).toBeVisible();
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Title')).toHaveAccessibleDescription('Title is required');
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses a title over 120 characters and clears a message once its field changes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ReviewForm productId="p1" />, { store: signedInStore() });

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.click(field('Title'));
    await user.paste('x'.repeat(121));
    await user.type(field('Review'), 'Fine');
    await user.click(screen.getByRole('button', { name: 'Post review' }));

    expect(screen.getByText('Title must be at most 120 characters')).toBeVisible();
    expect(screen.queryByText(/Rating must/)).not.toBeInTheDocument();
    expect(field('Title')).toHaveFocus();
    await user.type(field('Title'), '{Backspace}');
    expect(screen.queryByText('Title must be at most 120 characters')).not.toBeInTheDocument();
  });

  it("keeps what was typed when the api refuses, which toasts the api's reason", async () => {
    jest
      .spyOn(apiClient, 'post')
      .mockRejectedValue(httpError(403, 'Only buyers can review this product'));
    const user = userEvent.setup();
    renderWithProviders(<ReviewForm productId="p1" />, { store: signedInStore() });

    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.type(field('Title'), 'Great');
    await user.type(field('Review'), 'Lovely');
    await user.click(screen.getByRole('button', { name: 'Post review' }));

    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Only buyers can review this product'),
    );
    expect(field('Title')).toHaveValue('Great');
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('posts the trimmed review, then reloads the rating, the own review and the list', async () => {
    let answer: ProductMine = mine({ owned: true });
    const get = jest
      .spyOn(apiClient, 'get')
      .mockImplementation(answerGets(pageAnswers({ [MINE_URL]: () => answer })));
    const post = jest.spyOn(apiClient, 'post').mockImplementation(async () => {
      answer = mine({ owned: true, review: { ...review({ title: 'Great' }), hidden: false } });
      return { data: review({ title: 'Great' }), status: 201 };
    });
    const user = userEvent.setup();
    renderProductPage('/product/neon-brushes', { store: signedInStore() });

    await screen.findByRole('heading', { name: 'Write a review' });
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(field('Title'), '  Great ');
    await user.type(field('Review'), ' Paints well\nand fast ');
    await user.click(screen.getByRole('button', { name: 'Post review' }));

    expect(post).toHaveBeenCalledWith(
      '/products/p1/reviews',
      { rating: 4, title: 'Great', body: 'Paints well\nand fast' },
      expect.anything(),
    );
    expect(await screen.findByRole('heading', { name: 'Your review' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Thanks for your review!');
    const asked = (url: string) => get.mock.calls.filter(([called]) => called === url).length;
    await waitFor(() => expect(asked(REVIEWS_URL)).toBe(2));
    expect(asked(PAGE_URL)).toBe(2);
    expect(asked(MINE_URL)).toBe(2);
  });
});
