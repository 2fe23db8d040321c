import type { Category, Product } from '@store/contract';
import {
  catalogChanged,
  errorMessage,
  notify,
  responseField,
  useAppDispatch,
  useAppSelector,
} from '@store/shared';
import { useState } from 'react';
import { adminProductsChanged, productsApi, showSavedProduct } from '../../common/products-api';
import { localInputOf } from '../../common/local-time';
import { productAdded, selectProductsView } from '../../common/products-view-slice';
import { newProductOf, productChangeOf, type EditBefore } from './product-body';
import { useBundle } from './use-bundle';
import { useDropdownOptions } from './use-dropdown-options';
import { useGallery } from './use-gallery';
import { usePickedFiles } from './use-picked-files';
import {
  EMPTY_DRAFT,
  validateProduct,
  type DraftErrors,
  type DraftField,
  type ProductDraft,
} from './validate-product';

const FIELDS: readonly DraftField[] = [
  'name',
  'description',
  'price',
  'pricing',
  'salePrice',
  'saleEndsAt',
  'suggestedPrice',
  'categoryId',
  'assetTypeId',
  'licensed',
  'activationLimit',
  'licenseDays',
  'previewImage',
];

function serverFieldErrors(error: unknown): DraftErrors {
  const fields = responseField(error, 'fields') ?? {};
  const known: DraftErrors = {};
  for (const field of FIELDS) {
    const reason = fields[field];
    if (typeof reason === 'string') known[field] = reason;
  }
  // A bundle's fault may name one of its items (`bundleItems.3`).
  const bundle = Object.entries(fields).find(([name]) => /^bundleItems(\.|$)/.test(name));
  if (bundle && typeof bundle[1] === 'string') known.bundleItems = bundle[1];
  // The gallery's fault may name one of its images (`previewImages.2`).
  const gallery = Object.entries(fields).find(([name]) => /^previewImages(\.|$)/.test(name));
  if (gallery && typeof gallery[1] === 'string') known.previewImage = gallery[1];
  return known;
}

/**
 * The edited product's own values; its selects follow its slugs until the admin picks, and its
 * bundle's items come with its page.
 */
function draftOf(product: Product | null): ProductDraft {
  if (!product) return EMPTY_DRAFT;
  const { name, description, price, pricing } = product;
  return {
    ...EMPTY_DRAFT,
    name,
    description,
    price: price.toFixed(2),
    pricing,
    salePrice: product.sale_price?.toFixed(2) ?? '',
    saleEndsAt: localInputOf(product.sale_ends_at),
    suggestedPrice: product.suggested_price?.toFixed(2) ?? '',
    licensed: product.licensed,
    activationLimit: String(product.activation_limit),
    licenseLength: product.license_days === null ? 'perpetual' : 'days',
    licenseDays: product.license_days?.toString() ?? '',
  };
}

/** The option whose slug (`name`) the product carries, '' when none matches. */
function optionFor(options: readonly Category[], slug: string | null): string {
  return options.find((option) => option.name === slug)?.id ?? '';
}

interface ProductFormOptions {
  /** After an edit is saved (a new product resets the form instead). */
  onSaved?: (product: Product) => void;
}

/**
 * The product form's state and submit, for a new product (`product` null: POST, then the form
 * resets) or an edit (PUT with only what changed of the files and of the pricing, then
 * `onSaved`).
 */
export function useProductForm(product: Product | null, { onSaved }: ProductFormOptions = {}) {
  const dispatch = useAppDispatch();
  const shownQuery = useAppSelector(selectProductsView).query;
  const options = useDropdownOptions();
  const [typed, setTyped] = useState<ProductDraft>(() => draftOf(product));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [resetCount, setResetCount] = useState(0);
  const [notifyBuyers, setNotifyBuyers] = useState(false);
  const [releaseNote, setReleaseNote] = useState('');
  const files = usePickedFiles();
  const gallery = useGallery(product, files.read, (reason) =>
    setErrors((previous) => ({ ...previous, previewImage: reason })),
  );
  const bundle = useBundle(product);
  // The options arrive after the form opens: an untouched select of an edit shows the
  // product's category or asset type as soon as they do.
  const draft: ProductDraft = product
    ? {
        ...typed,
        categoryId: typed.categoryId || optionFor(options.categories, product.category),
        assetTypeId: typed.assetTypeId || optionFor(options.assetTypes, product.asset_type),
        bundleItems: bundle.items,
      }
    : { ...typed, bundleItems: bundle.items };

  function setField<K extends Exclude<keyof ProductDraft, 'bundleItems'>>(
    field: K,
    value: ProductDraft[K],
  ) {
    setTyped((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: '' }));
  }

  /** Ends the sale on save: both its fields emptied, sent as null. */
  function endSale() {
    setTyped((previous) => ({ ...previous, salePrice: '', saleEndsAt: '' }));
    setErrors((previous) => ({ ...previous, salePrice: '', saleEndsAt: '' }));
  }

  const bundleChanged = () => setErrors((previous) => ({ ...previous, bundleItems: '' }));
  const addToBundle = (id: string, name: string) => {
    bundle.add(id, name);
    bundleChanged();
  };
  const removeFromBundle = (id: string) => {
    bundle.remove(id);
    bundleChanged();
  };

  async function save() {
    const { asset } = files;
    if (product) {
      const before: EditBefore = {
        draft: draftOf(product),
        saleEndsAt: product.sale_ends_at,
        bundleItems: bundle.before,
      };
      const update = { notifyBuyers, releaseNote };
      const change = productChangeOf(draft, gallery.sources, asset, update, before);
      const saved = await productsApi.update(product.id, change, setProgress);
      showSavedProduct(dispatch, shownQuery, saved);
      dispatch(catalogChanged());
      notify.success('Product updated successfully!');
      onSaved?.(saved);
      return;
    }
    const previewImages = gallery.images.map((image) => image.src);
    await productsApi.create(newProductOf(draft, previewImages, asset), setProgress);
    dispatch(productAdded());
    dispatch(adminProductsChanged());
    dispatch(catalogChanged());
    notify.success('Product created successfully!');
    setTyped(EMPTY_DRAFT);
    files.clearAsset();
    gallery.clear();
    bundle.clear();
    setErrors({});
    setResetCount((count) => count + 1);
  }

  /** Returns false when the draft is invalid (errors are set). */
  async function submit(): Promise<boolean> {
    if (progress !== null || files.reading.length > 0) return true;
    // An edit whose gallery is not there (loading, or failed) keeps it as it is.
    const hasPreview = gallery.images.length > 0 || gallery.loaded.status !== 'loaded';
    const found = validateProduct(draft, hasPreview, product?.id ?? null);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return false;
    }
    setProgress(0);
    try {
      await save();
    } catch (error) {
      const fallback = product ? 'Failed to update product' : 'Failed to create product';
      notify.error(errorMessage(error, fallback));
      setErrors(serverFieldErrors(error));
    } finally {
      setProgress(null);
    }
    return true;
  }

  return {
    product,
    options,
    draft,
    errors,
    progress,
    /** A save is under way (its request sent): nothing may close or send the form again. */
    saving: progress !== null,
    reading: files.reading,
    gallery,
    bundle,
    asset: files.asset,
    resetCount,
    notifyBuyers,
    releaseNote,
    setField,
    endSale,
    addToBundle,
    removeFromBundle,
    setNotifyBuyers,
    setReleaseNote,
    pickAsset: files.pickAsset,
    submit,
  };
}

export type ProductFormState = ReturnType<typeof useProductForm>;
