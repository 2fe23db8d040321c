import type { ProductPage } from '@store/contract';
import { storeApi } from '@store/shared';

export const GALLERY_FAILED = 'Could not load the preview images';
export const BUNDLE_FAILED = "Could not load the bundle's products";

/** A product of a bundle, as its page lists it. */
export type BundleItem = ProductPage['bundle_items'][number];

const pagePath = (slug: string) => `/products/by-slug/${encodeURIComponent(slug)}`;

export const galleryApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    /** The preview images of the product with this slug, in display order, from its page. */
    productGallery: build.query<string[], string>({
      query: pagePath,
      transformResponse: (page: ProductPage) => page.preview_images,
      // Read afresh each time an edit opens, so a save never sends back a gallery since changed.
      keepUnusedDataFor: 0,
      // Said in place, in the gallery, rather than toasted over the dialog.
      extraOptions: { failure: GALLERY_FAILED, toast: false },
    }),
    /**
     * A bundle's products in its order, from its page. Asked only for a bundle, so an edit of
     * any other product reads its page once.
     */
    productBundle: build.query<BundleItem[], string>({
      query: pagePath,
      transformResponse: (page: ProductPage) => page.bundle_items,
      keepUnusedDataFor: 0,
      // Said in place, in the Bundle field, rather than toasted over the dialog.
      extraOptions: { failure: BUNDLE_FAILED, toast: false },
    }),
  }),
});
