import { errorMessage, notify, type Product } from '@store/shared';
import { useCallback, useEffect, useState } from 'react';

type ProductsState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; products: Product[] };

interface Products {
  state: ProductsState;
  retry: () => void;
}

/** Loads a product list, with the spec's loading flag and 'Failed to fetch products' toast. */
export function useProducts(load: () => Promise<Product[]>, key: string): Products {
  const [state, setState] = useState<ProductsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load()
      .then((products) => current && setState({ status: 'loaded', products }))
      .catch((error: unknown) => {
        if (!current) return;
        const message = errorMessage(error, 'Failed to fetch products');
        notify.error(message);
        setState({ status: 'failed', message });
      });
    return () => {
      current = false;
    };
    // `key` identifies the list and `attempt` a retry; `load` is a new closure every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
