import { storeApi, type AppStore } from '@store/shared';
import type { FirstScreenState } from './state';

/**
 * Puts what the server drew with into the store's cache, for the server's render and for the
 * client that hydrates it alike: the client's first render then reads the same answers, and asks
 * the api for none of them.
 */
export function seedFirstScreen(store: AppStore, { categories, product }: FirstScreenState): void {
  store.dispatch(
    storeApi.util.upsertQueryEntries([
      { endpointName: 'categories', arg: undefined, value: categories },
      // The server draws a product only on its current slug's page: the page asks by that slug.
      ...(product
        ? [{ endpointName: 'productBySlug' as const, arg: product.slug, value: product }]
        : []),
    ]),
  );
}
