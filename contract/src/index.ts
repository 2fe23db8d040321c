// The shape of every api request and answer. The api validates, serializes and documents
// (`/api/openapi.json`) with these schemas; the apps take their types from them with
// `import type`, so no schema code reaches a browser bundle.
export * from './formats';
export * from './paging';
export * from './accounts';
export * from './catalog';
export * from './cart';
export * from './checkout';
export * from './downloads';
export * from './analytics';
export * from './operations';
