import type { NewProduct, ProductChange } from '@store/contract';
import { instantOf } from '../../common/local-time';
import type { PickedFile } from './use-picked-files';
import { licenseOf, type LicenseDraft } from './validate-license';
import { hasSale, type PricingDraft } from './validate-pricing';
import type { ProductDraft } from './validate-product';

/** What an edit says about a new file: whether to mail the buyers, and the note for them. */
export interface FileUpdate {
  notifyBuyers: boolean;
  releaseNote: string;
}

/** What an edit started from, to send only what the admin changed of its pricing and license. */
export interface EditBefore {
  draft: ProductDraft;
  /** The sale's end as the product has it (its seconds kept when untouched). */
  saleEndsAt: string | null;
  /** The bundle's items as loaded; null while they are not known: the bundle is then kept. */
  bundleItems: readonly string[] | null;
}

function fieldsOf(draft: ProductDraft) {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    price: parseFloat(draft.price),
    categoryId: draft.categoryId,
    assetTypeId: draft.assetTypeId,
  };
}

/** The pricing the draft means: what its kind does not show counts as none. */
function pricingOf(draft: PricingDraft) {
  const sale = hasSale(draft);
  return {
    pricing: draft.pricing,
    salePrice: sale ? draft.salePrice.trim() : '',
    saleEndsAt: sale ? draft.saleEndsAt : '',
    suggestedPrice: draft.pricing === 'pay_what_you_want' ? draft.suggestedPrice.trim() : '',
  };
}

const dollarsOrNull = (text: string) => (text ? parseFloat(text) : null);

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, at) => id === b[at]);

function newPricingOf(draft: ProductDraft) {
  const { pricing, salePrice, saleEndsAt, suggestedPrice } = pricingOf(draft);
  return {
    pricing,
    ...(salePrice !== '' && { salePrice: parseFloat(salePrice) }),
    ...(saleEndsAt !== '' && { saleEndsAt: instantOf(saleEndsAt, null) }),
    ...(suggestedPrice !== '' && { suggestedPrice: parseFloat(suggestedPrice) }),
    ...(draft.bundleItems.length > 0 && { bundleItems: draft.bundleItems }),
  };
}

/**
 * The pricing fields the admin changed, each as the api takes it; a field left out keeps its
 * value, so what ends (a sale, a suggested price, a bundle) is sent as null, never left out.
 */
function pricingChangeOf(draft: ProductDraft, before: EditBefore): Partial<ProductChange> {
  const now = pricingOf(draft);
  const was = pricingOf(before.draft);
  const bundle = before.bundleItems;
  return {
    ...(now.pricing !== was.pricing && { pricing: now.pricing }),
    ...(now.salePrice !== was.salePrice && { salePrice: dollarsOrNull(now.salePrice) }),
    ...(now.saleEndsAt !== was.saleEndsAt && {
      saleEndsAt: instantOf(now.saleEndsAt, before.saleEndsAt),
    }),
    ...(now.suggestedPrice !== was.suggestedPrice && {
      suggestedPrice: dollarsOrNull(now.suggestedPrice),
    }),
    ...(bundle &&
      !sameList(draft.bundleItems, bundle) && {
        bundleItems: draft.bundleItems.length > 0 ? draft.bundleItems : null,
      }),
  };
}

/** A new product's license settings: none unless licensed (the api's default). */
const newLicenseOf = (draft: LicenseDraft) => (draft.licensed ? licenseOf(draft) : {});

/**
 * The license settings the admin changed. Turning licensing on sends all of them, so the keys
 * are issued on the terms the form showed; turning it off sends only that, keeping the rest for
 * a later turn back on.
 */
function licenseChangeOf(draft: LicenseDraft, was: LicenseDraft): Partial<ProductChange> {
  if (!draft.licensed) return was.licensed ? { licensed: false } : {};
  const now = licenseOf(draft);
  const before = licenseOf(was);
  const all = !was.licensed;
  return {
    ...(all && { licensed: true }),
    ...((all || now.activationLimit !== before.activationLimit) && {
      activationLimit: now.activationLimit,
    }),
    ...((all || now.licenseDays !== before.licenseDays) && { licenseDays: now.licenseDays }),
  };
}

/** `previewImages`: the gallery's data URLs in display order. */
export function newProductOf(
  draft: ProductDraft,
  previewImages: string[],
  asset: PickedFile | null,
): NewProduct {
  return {
    ...fieldsOf(draft),
    ...newPricingOf(draft),
    ...newLicenseOf(draft),
    previewImages,
    originalAsset: asset?.dataUrl ?? null,
    fileName: asset?.name ?? null,
    fileSize: asset?.size ?? null,
  };
}

/**
 * An edit sends only what changed of the files, the pricing and the license: the whole gallery
 * (kept images' URLs, new ones' data URLs) when it changed, a new file when one is picked, the
 * pricing and license fields the admin changed. The release note and the buyers' mail belong
 * to a new file, so they go with one only.
 */
export function productChangeOf(
  draft: ProductDraft,
  previewImages: string[] | null,
  asset: PickedFile | null,
  update: FileUpdate,
  before: EditBefore,
): ProductChange {
  return {
    ...fieldsOf(draft),
    ...pricingChangeOf(draft, before),
    ...licenseChangeOf(draft, before.draft),
    ...(previewImages && { previewImages }),
    ...(asset && {
      originalAsset: asset.dataUrl,
      fileName: asset.name,
      fileSize: asset.size,
      releaseNote: update.releaseNote.trim() || null,
    }),
    notifyBuyers: asset !== null && update.notifyBuyers,
  };
}
