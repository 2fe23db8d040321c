import type { Order } from '@store/contract';

export { purchased } from '@store/shared/testing/fixtures';

export const order = (overrides: Partial<Order> = {}): Order => ({
  id: '3f2a9c1e-0000-4000-8000-00000abcd1234',
  status: 'completed',
  subtotal_amount: 1234.5,
  discount_amount: 0,
  total_amount: 1234.5,
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
  ...overrides,
});
