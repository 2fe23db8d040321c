import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { HTTPMethods, RouteOptions } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { registeredRoutes, startApp, type Suite } from './helpers/app.ts';
import { adminClient, createCatalog, createProduct } from './helpers/catalog.ts';
import { openApiProblems } from './helpers/openapi-structure.ts';
import { PRODUCTION_ENV } from './helpers/production-env.ts';

// The document's own route and the Swagger UI that shows it (its page, assets and copies of
// the document) describe no store behaviour: they are hidden from the document on purpose.
const SELF = /^\/api\/(openapi\.json|docs)(\/|$)/;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Operation {
  method: HTTPMethods;
  url: string;
  route: RouteOptions;
}

/** Every documented route x method, HEAD (Fastify's twin of GET) and the CORS preflight aside. */
function operationsOf(routes: RouteOptions[]): Operation[] {
  const operations: Operation[] = [];
  for (const route of routes) {
    if (SELF.test(route.url)) continue;
    for (const method of [route.method].flat() as HTTPMethods[]) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      operations.push({ method, url: route.url, route });
    }
  }
  return operations;
}

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** A response entry the zod serializer compiles: a schema, or a media-type map of schemas. */
function isAnswer(entry: unknown): boolean {
  if (isZod(entry)) return true;
  const content = (entry as { content?: Record<string, { schema?: unknown }> }).content;
  return !!content && Object.values(content).every((media) => isZod(media.schema));
}

/** Whether the handler or the route's own hooks read `request.query`. */
function readsQuery(route: RouteOptions): boolean {
  const hooks = [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);
  return [route.handler, ...hooks].some((fn) => /\.query\b/.test(String(fn)));
}

function schemaProblems({ method, url, route }: Operation): string[] {
  const schema = route.schema ?? {};
  const problems: string[] = [];
  if (BODY_METHODS.has(method) && !isZod(schema.body)) {
    problems.push('no body schema (declare `ignoredBody` when it reads none)');
  }
  const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  if (names.length) {
    const shape = schema.params instanceof z.ZodObject ? Object.keys(schema.params.shape) : null;
    if (!shape) problems.push('no params schema');
    else if (shape.sort().join() !== [...names].sort().join()) {
      problems.push(`params schema has ${shape.join(', ')}, the URL ${names.join(', ')}`);
    }
  }
  if (readsQuery(route) && !isZod(schema.querystring)) problems.push('no querystring schema');
  const response = (schema.response ?? {}) as Record<string, unknown>;
  if (!Object.keys(response).some((status) => /^[23](\d\d|xx)$/.test(status))) {
    problems.push('no response schema for its success status');
  }
  for (const [status, entry] of Object.entries(response)) {
    if (!isAnswer(entry)) problems.push(`response ${status} is not a zod schema`);
  }
  if (!schema.summary) problems.push('no summary');
  return problems;
}

const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('OpenAPI document', () => {
  let suite: Suite;
  let document: OpenAPIV3.Document;
  before(async () => {
    suite = await startApp('pglite');
    const response = await suite.app.inject({ method: 'GET', url: '/api/openapi.json' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    document = response.json<OpenAPIV3.Document>();
  });
  after(async () => suite?.close());

  it('is a valid OpenAPI 3 document', () => {
    assert.deepEqual(openApiProblems(document), []);
  });

  it('documents every route with schemas for what it reads and answers', (t) => {
    const operations = operationsOf(registeredRoutes(suite.app));
    const routes = new Set(operations.map((operation) => operation.url));
    const problems: string[] = [];
    for (const operation of operations) {
      const name = `${operation.method} ${operation.url}`;
      for (const problem of schemaProblems(operation)) problems.push(`${name}: ${problem}`);
      const documented =
        document.paths[documentPath(operation.url)]?.[
          operation.method.toLowerCase() as OpenAPIV3.HttpMethods
        ];
      if (!documented) problems.push(`${name}: missing from the document`);
    }
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item ?? {})) {
        const registered = operations.some(
          (operation) =>
            documentPath(operation.url) === path && operation.method.toLowerCase() === method,
        );
        if (!registered) problems.push(`${method.toUpperCase()} ${path}: documented, not served`);
      }
    }
    assert.deepEqual(problems, []);
    const summary = `${routes.size} routes, ${operations.length} operations checked`;
    t.diagnostic(summary);
    console.log(`openapi: ${summary}`);
    assert.ok(operations.length >= 40, summary);
  });

  // Cached catalog answers are sent as stored strings, so no serializer holds them to their
  // schemas: the document must still say exactly what they hold.
  it('describes the cached catalog answers exactly (they bypass the serializer)', async () => {
    const admin = await adminClient(suite.app);
    const catalog = await createCatalog(suite.app, 'openapi');
    const product = await createProduct(admin, catalog);
    assert.equal((await admin.request('PATCH', `/api/products/${product.id}`)).statusCode, 200);
    const reads: Array<[string, string]> = [
      ['/api/products/featured', '/api/products/featured'],
      ['/api/products/category/:category', `/api/products/category/${catalog.categorySlug}`],
      ['/api/dropdown/categories', '/api/dropdown/categories'],
      ['/api/dropdown/categories/statistics', '/api/dropdown/categories/statistics'],
      ['/api/dropdown/all', '/api/dropdown/all'],
      ['/api/products/by-slug/:slug', `/api/products/by-slug/${String(product.slug)}`],
      ['/api/products/:id/related', `/api/products/${product.id}/related`],
    ];
    for (const [pattern, url] of reads) {
      const route = registeredRoutes(suite.app).find(
        (candidate) => candidate.url === pattern && [candidate.method].flat().includes('GET'),
      );
      const answer = (route?.schema?.response as Record<string, unknown> | undefined)?.[200] as {
        content: { 'application/json': { schema: z.ZodType } };
      };
      const response = await suite.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
      const body: unknown = response.json();
      const parsed = answer.content['application/json'].schema.safeParse(body);
      assert.ok(parsed.success, `${url}: ${parsed.error?.message}`);
      // Parsing drops what the schema does not list, so a field missing from it shows here.
      assert.deepEqual(JSON.parse(JSON.stringify(parsed.data)), body, url);
    }
  });

  // The seller's developers write their client from the document alone.
  it('shows an example of every body and answer of the public license API', () => {
    const calls: Array<[string, 'get' | 'post', string]> = [
      ['/api/licenses/activate', 'post', '201'],
      ['/api/licenses/validate', 'post', '200'],
      ['/api/licenses/deactivate', 'post', '200'],
      ['/api/licenses/jwks.json', 'get', '200'],
    ];
    for (const [path, method, status] of calls) {
      const operation = document.paths[path]?.[method];
      assert.ok(operation, `${path} is documented`);
      assert.deepEqual(operation.tags, ['Licenses'], path);
      if (method === 'post') {
        const body = operation.requestBody as OpenAPIV3.RequestBodyObject;
        assert.ok(body.content['application/json']?.example, `${path}: an example body`);
      }
      const answer = operation.responses[status] as OpenAPIV3.ResponseObject;
      const schema = answer.content?.['application/json']?.schema as OpenAPIV3.SchemaObject;
      assert.ok(schema?.example, `${path}: an example ${status} answer`);
    }
  });

  it('serves the reference at /api/docs outside production', async () => {
    const page = await suite.app.inject({ method: 'GET', url: '/api/docs' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const json = await suite.app.inject({ method: 'GET', url: '/api/docs/json' });
    assert.deepEqual(json.json(), document);
  });

  it('keeps the document but not the reference in production', async () => {
    const production = await startApp('pglite', { env: PRODUCTION_ENV });
    try {
      const served = await production.app.inject({ method: 'GET', url: '/api/openapi.json' });
      assert.equal(served.statusCode, 200);
      const paths = Object.keys(served.json<OpenAPIV3.Document>().paths);
      assert.ok(!paths.some((path) => path.startsWith('/api/dev/')), 'dev routes documented');
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-ui.css']) {
        const response = await production.app.inject({ method: 'GET', url });
        assert.equal(response.statusCode, 404, url);
      }
    } finally {
      await production.close();
    }
  });
});
