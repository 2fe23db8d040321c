// The shape of every api request and answer. The api validates, serializes and documents
// (`/api/openapi.json`) with these schemas; the apps take their types from them with
// `import type`, so no schema code reaches a browser bundle.
export * from './formats.ts';
export * from './paging.ts';
export * from './accounts.ts';
export * from './catalog.ts';
export * from './product-page.ts';
export * from './cart.ts';
export * from './discounts.ts';
export * from './pricing.ts';
export * from './checkout.ts';
export * from './downloads.ts';
export * from './licenses.ts';
export * from './analytics.ts';
export * from './operations.ts';
