import type {
  ACCOUNT_PAGE_LIMIT,
  AdminDiscountsQuery,
  Discount,
  DiscountInput,
  DiscountsPage,
  MessageAnswer,
} from '@store/contract';
import { apiClient, cursorPages, storeApi, type ListPage, type PageParam } from '@store/shared';

/** Rows per page: the api's own default for the list, typed by it. */
export const DISCOUNTS_PAGE_SIZE: typeof ACCOUNT_PAGE_LIMIT = 50;

export const DISCOUNTS_FAILED = 'Failed to load discounts';

const BASE = '/admin/discounts';
const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** The whole code as a PUT takes it, from the code as the list shows it. */
export const bodyOf = (discount: Discount): DiscountInput => ({
  code: discount.code,
  kind: discount.kind,
  value: discount.value,
  appliesTo: discount.appliesTo,
  minSubtotal: discount.minSubtotal,
  startsAt: discount.startsAt,
  endsAt: discount.endsAt,
  maxUses: discount.maxUses,
  maxUsesPerCustomer: discount.maxUsesPerCustomer,
  active: discount.active,
});

// `Discounts` is this remote's own tag: no other app reads the admin's codes.
export const adminDiscountsApi = storeApi
  .enhanceEndpoints({ addTagTypes: ['Discounts'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The store's codes, newest first; the argument is the start of a code ('' for all). */
      adminDiscounts: build.infiniteQuery<ListPage<Discount>, string, PageParam>({
        ...cursorPages<Discount>(),
        query: ({ queryArg: q, pageParam }) => ({
          url: BASE,
          // Absent rather than empty: an empty q or cursor is not a search or a page.
          params: {
            q: q || undefined,
            limit: String(DISCOUNTS_PAGE_SIZE),
            cursor: pageParam.cursor ?? undefined,
          } satisfies AdminDiscountsQuery,
        }),
        transformResponse: (page: DiscountsPage) => ({
          items: page.discounts,
          nextCursor: page.nextCursor,
        }),
        providesTags: ['Discounts'],
        extraOptions: { failure: DISCOUNTS_FAILED },
      }),
      /** Pause (`active` false) or resume: the PUT takes the whole code. */
      setDiscountActive: build.mutation<Discount, { discount: Discount; active: boolean }>({
        query: ({ discount, active }) => ({
          url: path(discount.id),
          method: 'put',
          data: { ...bodyOf(discount), active } satisfies DiscountInput,
        }),
        invalidatesTags: (_saved, failed) => (failed ? [] : ['Discounts']),
        extraOptions: { failure: 'Failed to update the discount' },
      }),
      deleteDiscount: build.mutation<MessageAnswer, string>({
        query: (id) => ({ url: path(id), method: 'delete' }),
        invalidatesTags: (_done, failed) => (failed ? [] : ['Discounts']),
        extraOptions: { failure: 'Failed to delete the discount' },
      }),
    }),
  });

/**
 * Creating and editing go through the client itself, not an endpoint: the form reads the api's
 * `fields` of a refusal, which the endpoints' failures leave out.
 */
export const discountRequests = {
  create: (body: DiscountInput) => apiClient.post<Discount>(BASE, body).then((r) => r.data),
  update: (id: string, body: DiscountInput) =>
    apiClient.put<Discount>(path(id), body).then((r) => r.data),
};

/** After a create or an edit: the list's pages reload. */
export const discountsChanged = () => adminDiscountsApi.util.invalidateTags(['Discounts']);
