import type {
  ACCOUNT_PAGE_LIMIT,
  AdminLicense,
  AdminLicensesPage,
  AdminLicensesQuery,
} from '@store/contract';
import {
  cursorPages,
  storeApi,
  type AppDispatch,
  type ListPage,
  type PageParam,
} from '@store/shared';

/** Rows per page: the api's own default for the list, typed by it. */
export const LICENSES_PAGE_SIZE: typeof ACCOUNT_PAGE_LIMIT = 50;

export const LICENSES_FAILED = 'Failed to load licenses';

export type LicenseAction = 'disable' | 'enable' | 'reset';

const path = (id: string, action: LicenseAction) =>
  `/admin/licenses/${encodeURIComponent(id)}/${action}`;

const action = (name: LicenseAction, failure: string) => ({
  query: (id: string) => ({ url: path(id, name), method: 'post' as const }),
  extraOptions: { failure },
});

export const adminLicensesApi = storeApi.injectEndpoints({
  endpoints: (build) => ({
    /** The keys a whole key or a buyer's whole e-mail finds, masked, newest first. */
    adminLicenses: build.infiniteQuery<ListPage<AdminLicense>, string, PageParam>({
      ...cursorPages<AdminLicense>(),
      query: ({ queryArg: q, pageParam }) => ({
        url: '/admin/licenses',
        // Absent rather than empty: an empty cursor is not a page.
        params: {
          q,
          limit: String(LICENSES_PAGE_SIZE),
          cursor: pageParam.cursor ?? undefined,
        } satisfies AdminLicensesQuery,
      }),
      transformResponse: (page: AdminLicensesPage) => ({
        items: page.licenses,
        nextCursor: page.nextCursor,
      }),
      extraOptions: { failure: LICENSES_FAILED },
    }),
    disableLicense: build.mutation<AdminLicense, string>(
      action('disable', 'Failed to disable the license'),
    ),
    enableLicense: build.mutation<AdminLicense, string>(
      action('enable', 'Failed to enable the license'),
    ),
    /** Deletes every activation of the key: each device must activate again. */
    resetLicense: build.mutation<AdminLicense, string>(
      action('reset', 'Failed to reset the devices'),
    ),
  }),
});

/**
 * Puts a key as an action answered it in its row of the search shown, without reading the pages
 * again.
 */
export const showLicenseChange = (dispatch: AppDispatch, q: string, license: AdminLicense) =>
  dispatch(
    adminLicensesApi.util.updateQueryData('adminLicenses', q, (shown) => {
      for (const page of shown.pages) {
        page.items = page.items.map((listed) => (listed.id === license.id ? license : listed));
      }
    }),
  );
