import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { ignoredBody } from '../http/ignored-body.ts';

type Schema = Parameters<SwaggerTransform>[0]['schema'];
type Answer = { content?: unknown; headers?: unknown };

/** `/api/cart/:productId` as the document writes it: `/api/cart/{productId}`. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

// The probes of orchestrators and monitoring share one heading.
const OPERATIONS = new Set(['health', 'ready', 'metrics']);

/** The tag of a route that declares none: the first segment after /api. */
const tagOf = (url: string) => {
  const segment = /^\/api\/([^/]+)/.exec(url)?.[1] ?? 'api';
  if (OPERATIONS.has(segment)) return 'Operations';
  return segment.charAt(0).toUpperCase() + segment.slice(1);
};

/** Every `#/components/schemas/<name>` the value refers to, directly. */
function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        found.add(child.replace('#/components/schemas/', ''));
      } else refsIn(child, found);
    }
  }
}

/**
 * fastify-type-provider-zod emits an input and an output variant of every schema with an id;
 * only those the operations use (and what they use in turn) stay.
 */
function pruneComponents(document: OpenAPIV3.Document): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const used = new Set<string>();
  refsIn(document.paths, used);
  for (let pending = [...used]; pending.length;) {
    const next = new Set<string>();
    for (const name of pending) refsIn(schemas[name], next);
    pending = [...next].filter((name) => !used.has(name));
    for (const name of pending) used.add(name);
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/** A body schema that is `.optional()`, `.nullable()` or both (Fastify validates `null` then). */
const isOptional = (body: unknown) =>
  body instanceof z.ZodType && ['optional', 'nullable'].includes(body.def.type);

/**
 * Turns the zod route schemas into the document (fastify-type-provider-zod's transforms) and
 * adds what those leave out: a body that is optional (Fastify hands the validator `null` for
 * none, and @fastify/swagger marks every body required), the headers of media-type answers,
 * and a tag for routes that declare none. Ignored bodies are left out altogether.
 */
export function createOpenApiTransforms() {
  const optionalBodies = new Set<string>();

  const transform: SwaggerTransform = (input) => {
    const { route, url } = input;
    // The app-wide CORS preflight is not an operation of the api.
    if (route.method === 'OPTIONS') return { schema: { hide: true }, url };
    let schema: Schema = input.schema;
    if (schema?.body === ignoredBody) {
      const { body: _ignored, ...rest } = schema;
      schema = rest;
    } else if (isOptional(schema?.body)) {
      optionalBodies.add(`${String(route.method).toLowerCase()} ${documentPath(url)}`);
    }
    const result = jsonSchemaTransform({ ...input, schema });
    if (!result.schema || result.schema.hide) return result;
    const answers = (schema?.response ?? {}) as Record<string, Answer>;
    const documented = (result.schema.response ?? {}) as Record<string, Answer>;
    for (const [status, answer] of Object.entries(answers)) {
      if (answer.content && answer.headers && documented[status]) {
        documented[status].headers = answer.headers;
      }
    }
    return { ...result, schema: { tags: [tagOf(url)], ...result.schema } };
  };

  const transformObject: SwaggerTransformObject = (input) => {
    const document = jsonSchemaTransformObject(input) as OpenAPIV3.Document;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item ?? {})) {
        const body = (operation as OpenAPIV3.OperationObject).requestBody;
        if (body && 'content' in body && optionalBodies.has(`${method} ${path}`)) {
          body.required = false;
        }
      }
    }
    pruneComponents(document);
    return document;
  };

  return { transform, transformObject };
}
