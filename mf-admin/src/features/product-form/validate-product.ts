import { EMPTY_LICENSE, licenseProblems, type LicenseDraft } from './validate-license';
import { pricingProblems, type PricingDraft } from './validate-pricing';

/**
 * The form as typed. Its pricing: `price` is the regular price (the minimum for pay what you
 * want), an empty `salePrice` no sale, an empty `saleEndsAt` (`datetime-local` text) a sale until
 * removed, no `bundleItems` not a bundle. Its license settings count only when `licensed`.
 */
export interface ProductDraft extends PricingDraft, LicenseDraft {
  name: string;
  description: string;
  categoryId: string;
  assetTypeId: string;
}

export type DraftField = keyof ProductDraft | 'previewImage';
export type DraftErrors = Partial<Record<DraftField, string>>;

export const EMPTY_DRAFT: ProductDraft = {
  name: '',
  description: '',
  price: '',
  categoryId: '',
  assetTypeId: '',
  pricing: 'fixed',
  salePrice: '',
  saleEndsAt: '',
  suggestedPrice: '',
  bundleItems: [],
  ...EMPTY_LICENSE,
};

/**
 * Everything but the original asset is required. `productId`: the edited product's, which its
 * own bundle cannot hold.
 */
export function validateProduct(
  draft: ProductDraft,
  hasPreview: boolean,
  productId: string | null = null,
): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.name.trim()) errors.name = 'Name is required';
  if (!draft.description.trim()) errors.description = 'Description is required';
  if (!draft.categoryId) errors.categoryId = 'Category is required';
  if (!draft.assetTypeId) errors.assetTypeId = 'Asset type is required';
  if (!hasPreview) errors.previewImage = 'Preview image is required';
  return { ...errors, ...pricingProblems(draft, productId), ...licenseProblems(draft) };
}
