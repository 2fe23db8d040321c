import { lazy, type ComponentType } from 'react';

type Loaded = { default: ComponentType };

/**
 * A page in a chunk of its own. React.lazy keeps a failed import forever; after a failure the
 * next render (the shell's Retry) gets a new lazy component that tries the network again, so
 * read the component with the returned function at each render.
 */
export function retryingLazy(load: () => Promise<Loaded>): () => ComponentType {
  const fresh = (): ComponentType =>
    lazy(() =>
      load().catch((error: unknown) => {
        current = fresh();
        throw error;
      }),
    );
  let current = fresh();
  return () => current;
}
