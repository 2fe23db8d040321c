export interface ProductDraft {
  name: string;
  description: string;
  price: string;
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
};

function priceProblem(raw: string): string | undefined {
  const text = raw.trim();
  if (!text) return 'Price is required';
  const value = Number(text);
  if (!Number.isFinite(value)) return 'Price must be a number';
  if (value <= 0) return 'Price must be greater than 0';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return 'Price can have at most 2 decimals';
  return undefined;
}

/** Everything but the original asset is required. */
export function validateProduct(draft: ProductDraft, hasPreview: boolean): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.name.trim()) errors.name = 'Name is required';
  if (!draft.description.trim()) errors.description = 'Description is required';
  const price = priceProblem(draft.price);
  if (price) errors.price = price;
  if (!draft.categoryId) errors.categoryId = 'Category is required';
  if (!draft.assetTypeId) errors.assetTypeId = 'Asset type is required';
  if (!hasPreview) errors.previewImage = 'Preview image is required';
  return errors;
}
