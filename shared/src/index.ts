export { apiClient, setApiBaseUrl } from './api/client';
export { isApiError, type ApiError } from './api/api-error';
export type { ApiClient, ApiResponse } from './api/api-types';
export { errorMessage, responseField } from './api/error-message';
export { installRefreshInterceptor, REFRESH_PATH } from './api/refresh-interceptor';
export {
  installPrefetchedAnswers,
  type PrefetchedAnswer,
  type TakePrefetched,
} from './api/prefetched-answers';
export { authApi } from './auth/auth-api';
export {
  authSlice,
  checkAuth,
  initialAuthState,
  login,
  logout,
  refreshToken,
  selectAuthLoading,
  selectCheckingAuth,
  selectUser,
  signup,
  updateProfileName,
  userCleared,
  userSet,
  SIGNUP_DEFAULT_MESSAGE,
  UNVERIFIED_MESSAGE,
  type AuthState,
  type LoginResult,
  type SignupResult,
} from './auth/auth-slice';
export { hasLoggedInCookie } from './auth/session-indicator';
export { firstName, isAdmin } from './auth/user';
export {
  cartCleared,
  cartSlice,
  couponApplied,
  couponRefused,
  couponRemoved,
  selectCoupon,
  selectCouponRefusal,
  type CartState,
} from './cart/cart-slice';
export {
  selectCartCount,
  selectCartItems,
  selectCartStatus,
  type CartStatus,
} from './cart/cart-selectors';
export { cartApi, cartReplaced } from './cart/cart-api';
export { useCartLoader } from './cart/use-cart-loader';
export type { AppliedCoupon, CouponRefusal } from './cart/cart-types';
export {
  isRuntimeConfig,
  REMOTE_KEYS,
  type RemoteKey,
  type RuntimeConfig,
} from './config/runtime-config';
export { setStripePublishableKey, stripePublishableKey } from './config/stripe-publishable-key';
export { RemoteBoundary } from './federation/remote-boundary';
export { isRemoteRoutesModule, type RemoteRoutesModule } from './federation/remote-routes';
export { useAppDispatch, useAppSelector } from './store/hooks';
export { makeStore, type AppDispatch, type AppStore } from './store/make-store';
export { rootReducer, type LazyLoadedSlices, type RootState } from './store/root-reducer';
export { notify, TOAST_DURATION_MS, type ToastChange, type ToastId } from './ui/notify';
export { Toaster } from './ui/toaster';
export { Spinner } from './ui/spinner';
export { useLoaded, type LoadOutcome } from './ui/use-loaded';
export { Skeleton } from './ui/skeleton';
export { LoadError } from './ui/load-error';
export { default as primitives } from './ui/primitives.module.css';
export { renderStandalone } from './federation/render-standalone';
export {
  PREVIEW_SIZES,
  PREVIEW_WIDTHS,
  previewImageSources,
  type PreviewImageSources,
} from './catalog/preview-image';
export {
  addToCart,
  cartEmptied,
  fetchCart,
  removeFromCart,
  setCustomPrice,
  updateQuantity,
} from './cart/cart-thunks';
export { formatDate, formatPrice, shortOrderId } from './ui/format';
export { WasPrice } from './ui/was-price';
export { Modal } from './ui/modal';
export { StatusBadge } from './ui/status-badge';
export { PasswordField, type MatchState } from './ui/password-field';
export { TextField } from './ui/text-field';
export { TabPanel, Tabs, type TabItem } from './ui/tabs';
export { announceApp } from './federation/announce-app';
export * from './router';
export * from './store/toolkit';
export { catalogChanged, ordersChanged, storeApi } from './api/store-api';
export { selectCategories, useCategories } from './catalog/categories';
export {
  failureMessage,
  type ApiCall,
  type ApiFailure,
  type FailureOptions,
} from './api/axios-base-query';
export {
  cursorPages,
  FIRST_PAGE,
  pageIndexOf,
  type ListPage,
  type PageParam,
} from './data/cursor-pages';
export {
  usePagedList,
  type InfiniteQueryResult,
  type PagedList,
  type PagedListStatus,
} from './data/paged-list';
export { LoadMore } from './data/load-more';
export { resourceOf, type QueryResult, type Resource, type ResourceStatus } from './data/resource';
export { downloadTicket, useDownload } from './downloads/use-download';
export { productPath } from './catalog/product-path';
export { downloadBlockedReason, mayDownload, withRemaining } from './downloads/purchase-state';
