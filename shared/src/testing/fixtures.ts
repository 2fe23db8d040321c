import type {
  CartItem,
  Category,
  DropdownsAnswer,
  Product,
  ProductPage,
  PurchasedProduct,
  User,
} from '@store/contract';

/** A product as the api answers it, for any app's tests; `overrides` set what a test is about. */
export const product = (overrides: Partial<Product> = {}): Product => ({
  id: 'p1',
  slug: 'neon-brushes',
  name: 'Neon Brushes',
  description: 'Forty brushes',
  price: 19.99,
  sale_price: null,
  sale_ends_at: null,
  pricing: 'fixed',
  suggested_price: null,
  is_bundle: false,
  category: 'brushes',
  category_display_name: 'Brushes',
  asset_type: 'bundle',
  preview_image_url: '/img/p1.png',
  is_featured: false,
  file_name: null,
  file_size: null,
  max_downloads: 5,
  download_expiry_days: null,
  licensed: false,
  activation_limit: 3,
  license_days: null,
  created_at: '2026-03-15T12:00:00Z',
  ...overrides,
});

/**
 * The same product's page as `GET /products/by-slug/neon-brushes` answers it, with its file and
 * no reviews; `overrides` set what a test is about.
 */
export const productPage = (overrides: Partial<ProductPage> = {}): ProductPage => ({
  id: 'p1',
  slug: 'neon-brushes',
  name: 'Neon Brushes',
  description: 'Forty brushes',
  price: 19.99,
  sale_price: null,
  sale_ends_at: null,
  pricing: 'fixed',
  suggested_price: null,
  category: 'brushes',
  category_display_name: 'Brushes',
  asset_type: 'bundle',
  asset_type_display_name: 'Bundle',
  preview_images: ['/img/p1.png'],
  file_name: 'neon-brushes.zip',
  file_size: 1_572_864,
  file_type: 'application/zip',
  file_updated_at: null,
  changelog: [],
  rating: { average: null, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
  licensed: false,
  activation_limit: 3,
  license_days: null,
  max_downloads: 5,
  download_expiry_days: null,
  bundle_items: [],
  created_at: '2026-03-15T12:00:00Z',
  ...overrides,
});

/** The same product as a line of the shopper's cart, one unit at its price. */
export const cartLine = (overrides: Partial<CartItem> = {}): CartItem => ({
  _id: 'p1',
  id: 'p1',
  slug: 'neon-brushes',
  name: 'Neon Brushes',
  description: 'Forty brushes',
  image: '/img/p1.png',
  price: 19.99,
  quantity: 1,
  ...overrides,
});

/** The same product in the shopper's library: 3 of 5 downloads left, never expiring. */
export const purchased = (overrides: Partial<PurchasedProduct> = {}): PurchasedProduct => ({
  id: 'pp1',
  productId: 'p1',
  slug: 'neon-brushes',
  name: 'Neon Brushes',
  previewImageUrl: '/img/p1.png',
  expiresAt: null,
  remainingDownloads: 3,
  maxDownloads: 5,
  canDownload: true,
  fileUpdatedAt: null,
  refunded: false,
  licenseKeys: [],
  ...overrides,
});

/** A category or asset type, its slug the lowercased name. */
export const option = (id: string, display_name: string): Category => ({
  id,
  name: display_name.toLowerCase().replace(/ /g, '-'),
  display_name,
  icon: 'default',
});

/** `GET /dropdown/all` as the search filters and the product form read it. */
export const DROPDOWNS: DropdownsAnswer = {
  success: true,
  data: {
    categories: [option('c1', 'Brushes'), option('c2', 'Icons')],
    assetTypes: [option('t1', 'Bundle'), option('t2', 'Single File')],
  },
};

/** A verified shopper, signed in by `storeWithCart` or a test's own store. */
export const shopper = (overrides: Partial<User> = {}): User => ({
  id: 'u1',
  name: 'Sam',
  email: 's@x.io',
  role: 'user',
  is_email_verified: true,
  created_at: '2026-03-15T12:00:00.000Z',
  ...overrides,
});
