import { configureStore } from '@reduxjs/toolkit';
import { storeApi } from '../api/store-api';
import { rootReducer, type RootState } from './root-reducer';

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (defaults) => defaults().concat(storeApi.middleware),
    // A query's loading state shows in the render its click causes, as every screen's own state
    // does, not a frame later: the store is small, the batching would save nothing visible.
    enhancers: (defaults) => defaults({ autoBatch: false }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
