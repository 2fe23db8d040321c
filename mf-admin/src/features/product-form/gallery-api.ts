import type { ProductPage } from '@store/contract';
import { storeApi } from '@store/shared';

export const GALLERY_FAILED = 'Could not load the preview images';

export const galleryApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    /** The preview images of the product with this slug, in display order, from its page. */
    productGallery: build.query<string[], string>({
      query: (slug) => `/products/by-slug/${encodeURIComponent(slug)}`,
      transformResponse: (page: ProductPage) => page.preview_images,
      // Read afresh each time an edit opens, so a save never sends back a gallery since changed.
      keepUnusedDataFor: 0,
      // Said in place, in the gallery, rather than toasted over the dialog.
      extraOptions: { failure: GALLERY_FAILED, toast: false },
    }),
  }),
});
