import type { OpenAPIV3 } from 'openapi-types';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const STATUS = /^([1-5]\d\d|[1-5]XX|default)$/;
const PARAMETER_PLACES = ['query', 'header', 'path', 'cookie'];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What makes `document` not an OpenAPI 3.0 document, as one line per problem (none: valid).
 * The rules of the specification a generator can get wrong: required fields, status keys,
 * path templates matching their path parameters, media types, and `$ref`s that resolve.
 */
export function openApiProblems(document: unknown): string[] {
  const problems: string[] = [];
  const fail = (where: string, what: string) => problems.push(`${where}: ${what}`);
  if (!isObject(document)) return ['the document is not an object'];
  const doc = document as unknown as OpenAPIV3.Document;
  if (typeof doc.openapi !== 'string' || !/^3\.0\.\d+$/.test(doc.openapi)) {
    fail('openapi', `not a 3.0.x version: ${String(doc.openapi)}`);
  }
  if (!isObject(doc.info) || typeof doc.info.title !== 'string' || !doc.info.title) {
    fail('info', 'no title');
  }
  if (!isObject(doc.info) || typeof doc.info.version !== 'string' || !doc.info.version) {
    fail('info', 'no version');
  }
  if (!isObject(doc.paths)) return [...problems, 'paths: not an object'];

  const schemas = ((isObject(doc.components) && doc.components.schemas) || {}) as Json;
  const declaredTags = new Set((doc.tags ?? []).map((tag) => tag.name));
  const securitySchemes = ((isObject(doc.components) && doc.components.securitySchemes) ||
    {}) as Json;

  const checkRefs = (where: string, value: unknown) => {
    if (Array.isArray(value)) value.forEach((item) => checkRefs(where, item));
    else if (isObject(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref') {
          const name = String(child).replace(/^#\/components\/schemas\//, '');
          if (name === child || !(name in schemas)) fail(where, `unresolved $ref ${String(child)}`);
        } else checkRefs(where, child);
      }
    }
  };
  const checkContent = (where: string, content: unknown) => {
    if (!isObject(content) || !Object.keys(content).length) return fail(where, 'empty content');
    for (const [type, media] of Object.entries(content)) {
      if (!/^[\w*.+-]+\/[\w*.+-]+$/.test(type)) fail(where, `bad media type ${type}`);
      if (!isObject(media) || !isObject(media.schema)) fail(`${where} ${type}`, 'no schema');
    }
  };

  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/')) fail(path, 'does not start with /');
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    for (const [method, operation] of Object.entries(item ?? {})) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!METHODS.includes(method)) {
        if (method !== 'parameters' && !method.startsWith('x-')) fail(where, 'not a method');
        continue;
      }
      const op = operation as OpenAPIV3.OperationObject;
      const parameters = (op.parameters ?? []) as OpenAPIV3.ParameterObject[];
      const seen = new Set<string>();
      for (const parameter of parameters) {
        if (!parameter.name || !PARAMETER_PLACES.includes(parameter.in)) {
          fail(where, `bad parameter ${JSON.stringify(parameter)}`);
        }
        if (!parameter.schema) fail(where, `parameter ${parameter.name} has no schema`);
        const key = `${parameter.in}:${parameter.name}`;
        if (seen.has(key)) fail(where, `parameter ${key} twice`);
        seen.add(key);
        if (parameter.in === 'path' && !templated.includes(parameter.name)) {
          fail(where, `path parameter ${parameter.name} is not in the path`);
        }
        if (parameter.in === 'path' && parameter.required !== true) {
          fail(where, `path parameter ${parameter.name} is not required`);
        }
      }
      for (const name of templated) {
        if (!seen.has(`path:${name}`)) fail(where, `{${name}} has no path parameter`);
      }
      if (op.requestBody) {
        const body = op.requestBody as OpenAPIV3.RequestBodyObject;
        checkContent(`${where} requestBody`, body.content);
      }
      if (!isObject(op.responses) || !Object.keys(op.responses).length) {
        fail(where, 'no responses');
      }
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const answer = response as OpenAPIV3.ResponseObject;
        if (!STATUS.test(status)) fail(where, `bad status key ${status}`);
        if (typeof answer.description !== 'string' || !answer.description) {
          fail(`${where} ${status}`, 'no description');
        }
        if (answer.content !== undefined) checkContent(`${where} ${status}`, answer.content);
        for (const [name, header] of Object.entries(answer.headers ?? {})) {
          if (!isObject((header as OpenAPIV3.HeaderObject).schema)) {
            fail(`${where} ${status}`, `header ${name} has no schema`);
          }
        }
      }
      for (const tag of op.tags ?? []) {
        if (!declaredTags.has(tag)) fail(where, `tag ${tag} is not declared`);
      }
      for (const requirement of op.security ?? []) {
        for (const name of Object.keys(requirement)) {
          if (!(name in securitySchemes)) fail(where, `unknown security scheme ${name}`);
        }
      }
      checkRefs(where, op);
    }
  }
  checkRefs('components', schemas);
  return problems;
}
