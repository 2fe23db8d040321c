import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginPayload, SignupPayload, User } from '@store/contract';
import { errorMessage, responseField } from '../api/error-message';
import { notify } from '../ui/notify';
import { authApi } from './auth-api';
import {
  clearStoredUser,
  hasLoggedInCookie,
  loadStoredUser,
  saveStoredUser,
} from './session-indicator';

export interface AuthState {
  user: User | null;
  loading: boolean;
  checkingAuth: boolean;
}

/** The stored user counts only while the indicator cookie exists. */
export function initialAuthState(): AuthState {
  const indicator = hasLoggedInCookie();
  const stored = indicator ? loadStoredUser() : null;
  if (!indicator) clearStoredUser();
  return { user: stored, loading: false, checkingAuth: indicator && !stored };
}

export type LoginResult =
  { success: true; user: User } | { success: false; emailVerificationRequired?: boolean };

/** A refusal flagged `emailVerificationRequired`: the address is registered, not verified. */
export type SignupResult =
  { success: true } | { success: false; emailVerificationRequired?: boolean };

export const UNVERIFIED_MESSAGE =
  'Your account is not verified. Please check your email for verification.';
export const SIGNUP_DEFAULT_MESSAGE = 'Account created! Please check your email for verification.';

export const login = createAsyncThunk<LoginResult, LoginPayload>('auth/login', async (payload) => {
  try {
    const user = await authApi.login(payload);
    saveStoredUser(user);
    return { success: true, user };
  } catch (error) {
    if (responseField(error, 'emailVerificationRequired')) {
      notify.error(UNVERIFIED_MESSAGE);
      return { success: false, emailVerificationRequired: true };
    }
    notify.error(errorMessage(error, 'An error occurred'));
    return { success: false };
  }
});

export const signup = createAsyncThunk<SignupResult, SignupPayload>(
  'auth/signup',
  async (payload) => {
    // As the api checks it: a confirmation, when given, must match.
    if (payload.confirmPassword !== undefined && payload.password !== payload.confirmPassword) {
      notify.error('Passwords do not match');
      return { success: false };
    }
    try {
      const { message } = await authApi.signup(payload);
      notify.success(message || SIGNUP_DEFAULT_MESSAGE);
      return { success: true };
    } catch (error) {
      notify.error(errorMessage(error, 'An error occurred'));
      return responseField(error, 'emailVerificationRequired')
        ? { success: false, emailVerificationRequired: true }
        : { success: false };
    }
  },
);

export const logout = createAsyncThunk('auth/logout', async () => {
  try {
    await authApi.logout();
  } catch (error) {
    notify.error(errorMessage(error, 'An error occurred during logout'));
  }
  clearStoredUser();
});

export const checkAuth = createAsyncThunk<User | null, void, { state: { auth: AuthState } }>(
  'auth/checkAuth',
  async (_, { getState }) => {
    const { user } = getState().auth;
    const indicator = hasLoggedInCookie();
    if (user && indicator) return user;
    if (!indicator) {
      clearStoredUser();
      return null;
    }
    try {
      const profile = await authApi.profile();
      saveStoredUser(profile);
      return profile;
    } catch (error) {
      console.error('Auth check failed', error);
      clearStoredUser();
      return null;
    }
  },
);

export const refreshToken = createAsyncThunk<unknown, void, { state: { auth: AuthState } }>(
  'auth/refreshToken',
  async () => authApi.refresh(),
  { condition: (_, { getState }) => !getState().auth.checkingAuth },
);

export const updateProfileName = createAsyncThunk<User, string, { state: { auth: AuthState } }>(
  'auth/updateProfileName',
  async (name, { getState, rejectWithValue }) => {
    try {
      const { user } = await authApi.updateProfile(name);
      const merged = { ...getState().auth.user, ...user } as User;
      saveStoredUser(merged);
      notify.success('Profile updated successfully!');
      return merged;
    } catch (error) {
      const message = errorMessage(error, 'Failed to update profile');
      notify.error(message);
      return rejectWithValue(message);
    }
  },
);

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    userCleared(state) {
      clearStoredUser();
      state.user = null;
      state.checkingAuth = false;
    },
    userSet(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, (state) => {
        state.loading = true;
      })
      .addCase(login.fulfilled, (state, action) => {
        state.loading = false;
        if (action.payload.success) state.user = action.payload.user;
      })
      .addCase(signup.pending, (state) => {
        state.loading = true;
      })
      .addCase(signup.fulfilled, (state) => {
        state.loading = false;
      })
      .addCase(logout.fulfilled, (state) => {
        state.user = null;
      })
      .addCase(checkAuth.pending, (state) => {
        state.checkingAuth = !state.user && hasLoggedInCookie();
      })
      .addCase(checkAuth.fulfilled, (state, action) => {
        state.user = action.payload;
        state.checkingAuth = false;
      })
      .addCase(refreshToken.pending, (state) => {
        state.checkingAuth = true;
      })
      .addCase(refreshToken.fulfilled, (state) => {
        state.checkingAuth = false;
      })
      .addCase(refreshToken.rejected, (state) => {
        clearStoredUser();
        state.user = null;
        state.checkingAuth = false;
      })
      .addCase(updateProfileName.pending, (state) => {
        state.loading = true;
      })
      .addCase(updateProfileName.fulfilled, (state, action) => {
        state.loading = false;
        state.user = action.payload;
      })
      .addCase(updateProfileName.rejected, (state) => {
        state.loading = false;
      });
  },
  selectors: {
    selectUser: (state) => state.user,
    selectAuthLoading: (state) => state.loading,
    selectCheckingAuth: (state) => state.checkingAuth,
  },
});

export const { userCleared, userSet } = authSlice.actions;
export const { selectUser, selectAuthLoading, selectCheckingAuth } = authSlice.selectors;
export { authSlice };
