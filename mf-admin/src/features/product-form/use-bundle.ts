import type { Product } from '@store/contract';
import { resourceOf, type Resource } from '@store/shared';
import { useMemo, useState } from 'react';
import { BUNDLE_FAILED, galleryApi, type BundleItem } from './gallery-api';

const NO_ITEMS: BundleItem[] = [];
const NOT_A_BUNDLE: Resource<BundleItem[]> = {
  status: 'loaded',
  data: NO_ITEMS,
  error: null,
  retry: () => undefined,
};

/**
 * The products of a bundle, in its order. An edit of a bundle starts from its items, loaded
 * from its page; any other product from none.
 */
export function useBundle(product: Product | null) {
  const isBundle = product?.is_bundle ?? false;
  const query = galleryApi.useProductBundleQuery(product?.slug ?? '', { skip: !isBundle });
  const fetched = resourceOf(query, BUNDLE_FAILED);
  const loaded = isBundle ? fetched : NOT_A_BUNDLE;
  const loadedItems = loaded.data;
  const loadedIds = useMemo(() => loadedItems?.map((item) => item.id) ?? null, [loadedItems]);
  // The admin's list once they change it; until then the loaded one.
  const [edited, setEdited] = useState<string[] | null>(null);
  const [added, setAdded] = useState<Readonly<Record<string, string>>>({});
  const names = useMemo(
    () => ({
      ...Object.fromEntries((loadedItems ?? NO_ITEMS).map((item) => [item.id, item.name])),
      ...added,
    }),
    [loadedItems, added],
  );

  const change = (update: (ids: string[]) => string[]) =>
    setEdited((current) => update(current ?? loadedIds ?? []));

  return {
    loaded,
    /** The items the form shows and sends. */
    items: edited ?? loadedIds ?? [],
    /** The items as loaded; null while they are not known, when a save keeps the bundle. */
    before: loadedIds,
    names,
    add(id: string, name: string) {
      setAdded((known) => ({ ...known, [id]: name }));
      change((ids) => (ids.includes(id) ? ids : [...ids, id]));
    },
    remove(id: string) {
      change((ids) => ids.filter((other) => other !== id));
    },
    clear() {
      setEdited(null);
      setAdded({});
    },
  };
}

export type Bundle = ReturnType<typeof useBundle>;
