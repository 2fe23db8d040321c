import { storeApi, type AppStore } from '@store/shared';
import type { FirstScreenState } from './state';

/**
 * Puts what the server drew with into the store's cache, for the server's render and for the
 * client that hydrates it alike: the client's first render then reads the same answers.
 */
export function seedFirstScreen(store: AppStore, { categories }: FirstScreenState): void {
  store.dispatch(
    storeApi.util.upsertQueryEntries([
      { endpointName: 'categories', arg: undefined, value: categories },
    ]),
  );
}
