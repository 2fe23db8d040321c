import { errorMessage, notify, type Product } from '@store/shared';
import { useEffect, useState } from 'react';

interface ProductsState {
  products: Product[];
  loading: boolean;
}

/** Loads a product list, with the spec's loading flag and 'Failed to fetch products' toast. */
export function useProducts(load: () => Promise<Product[]>, key: string): ProductsState {
  const [state, setState] = useState<ProductsState>({ products: [], loading: true });

  useEffect(() => {
    let current = true;
    setState({ products: [], loading: true });
    load()
      .then((products) => current && setState({ products, loading: false }))
      .catch((error: unknown) => {
        if (!current) return;
        notify.error(errorMessage(error, 'Failed to fetch products'));
        setState({ products: [], loading: false });
      });
    return () => {
      current = false;
    };
    // `key` identifies the list; `load` is a new closure every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return state;
}
