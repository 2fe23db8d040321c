/**
 * The Redux Toolkit API the remotes use, travelling inside `@store/shared` like the router
 * (shared/src/router.ts): a federated package is provided whole, this facade only with what the
 * apps import. Redux Toolkit holds no module state the store depends on, so one copy per build
 * would work too, but one copy is fewer bytes. A remote that needs another export adds it here.
 */
export { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
export type { PayloadAction, WithSlice } from '@reduxjs/toolkit';
