import type { AdminOrder, AdminReview } from '@store/contract';

export { DROPDOWNS, option, product, productPage } from '@store/shared/testing/fixtures';

/** An order as the admin's list answers it: completed, two lines, by dora@example.com. */
export const adminOrder = (overrides: Partial<AdminOrder> = {}): AdminOrder => ({
  id: '3f2a9c1e-0000-4000-8000-00000abcd1234',
  status: 'completed',
  subtotal_amount: 29.99,
  discount_amount: 0,
  total_amount: 29.99,
  coupon_code: null,
  created_at: '2026-03-15T12:00:00Z',
  completed_at: '2026-03-15T12:01:00Z',
  items: [
    {
      id: 'i1',
      product_id: 'p1',
      slug: 'neon-brushes',
      name: 'Neon Brushes',
      quantity: 1,
      price: 19.99,
      discount: 0,
      refunded_quantity: 0,
      preview_image_url: '/img/p1.png',
    },
    {
      id: 'i2',
      product_id: 'p2',
      slug: 'pixel-icons',
      name: 'Pixel Icons',
      quantity: 2,
      price: 5,
      discount: 0,
      refunded_quantity: 0,
      preview_image_url: '/img/p2.png',
    },
  ],
  customer_email: 'dora@example.com',
  refunded_amount: 0,
  refunded_at: null,
  refund_failed_at: null,
  ...overrides,
});

/** A shown 4-star review of Neon Brushes by Dora, without a reply, as the admin's list has it. */
export const adminReview = (overrides: Partial<AdminReview> = {}): AdminReview => ({
  id: 'r1',
  rating: 4,
  title: 'Lovely brushes',
  body: 'Soft edges, great texture.',
  authorName: 'Dora E.',
  verified: true,
  helpfulCount: 0,
  createdAt: '2026-03-16T10:00:00Z',
  updatedAt: '2026-03-16T10:00:00Z',
  reply: null,
  productId: 'p1',
  productName: 'Neon Brushes',
  productSlug: 'neon-brushes',
  authorEmail: 'dora@example.com',
  hidden: false,
  hiddenReason: null,
  ...overrides,
});
