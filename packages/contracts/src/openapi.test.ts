// The generated API documents (openapi.ts): docs/openapi.json validates as OpenAPI 3.1, every
// status a route of the endpoint table answers is listed with a schema, every answer has the
// schema of its contract type rather than a placeholder, and both files in docs/ are what
// `npm run openapi` writes now.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from './endpoints.js';
import { generatedApiDocs, openApiDocument, openApiPathOf } from './openapi.js';

// The repository's folder (under jsdom `import.meta.url` is not a file URL).
const root = resolve(dirname(__filename), '..', '..', '..');

type Schema = { $ref?: string; anyOf?: Schema[]; [key: string]: unknown };
type Operation = { responses: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const document = openApiDocument(root) as unknown as Document;
const operationOf = (endpoint: Endpoint) => document.paths[openApiPathOf(endpoint.path)]![endpoint.method]!;
const table = Object.entries(endpoints) as [string, Endpoint][];

/** Every `$ref` anywhere in a value. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
    );
  }
  return [];
}

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("lists each route's answer and its own refusals, and every status with a schema", () => {
    for (const [name, endpoint] of table) {
      const responses = operationOf(endpoint).responses;
      const wanted = [
        endpoint.answer.status,
        ...(endpoint.also ?? []).map((also) => (typeof also === 'number' ? also : also.status)),
      ];
      expect({ name, statuses: Object.keys(responses).map(Number) }).toEqual({
        name,
        statuses: expect.arrayContaining(wanted) as unknown,
      });
      // Every route can be refused by the rate limit and the deadline.
      expect({ name, statuses: Object.keys(responses) }).toEqual({
        name,
        statuses: expect.arrayContaining(['429', '503']) as unknown,
      });
      for (const [status, response] of Object.entries(responses)) {
        const contents = Object.entries(response.content ?? {});
        expect({ name, status, mediaTypes: contents.length }).not.toEqual({ name, status, mediaTypes: 0 });
        for (const [mediaType, { schema }] of contents) {
          expect({ name, status, mediaType, schema: typeof schema }).toEqual({
            name,
            status,
            mediaType,
            schema: 'object',
          });
        }
      }
    }
  });

  it('answers POST /meal-request with its 201, 208, 402, 409 and 429, refusals as { message }', () => {
    const responses = operationOf(endpoints.requestMeal).responses;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['201', '208', '402', '409', '429']));
    expect(responses['409']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(document.components.schemas.Error).toMatchObject({ required: ['message'] });
  });

  it('gives each answer the schema of its contract type, and every reference resolves', () => {
    const schemas = document.components.schemas;
    for (const ref of refsIn(document)) {
      expect({ ref, resolves: ref.replace('#/components/schemas/', '') in schemas }).toEqual({ ref, resolves: true });
    }
    for (const [name, schema] of Object.entries(schemas)) {
      // A placeholder has a title and a description only; a schema says what the value is.
      const says = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const'].some((key) => key in schema);
      expect({ name, says }).toEqual({ name, says: true });
    }
    expect(schemas.UserProfile).toMatchObject({
      type: 'object',
      properties: {
        email: { type: 'string' },
        membership: { anyOf: [{ $ref: '#/components/schemas/Membership' }, { type: 'null' }] },
      },
      required: expect.arrayContaining(['email', 'role', 'membership']) as unknown,
    });
    expect(schemas.Page_ManagedUser).toMatchObject({
      properties: { items: { type: 'array', items: { $ref: '#/components/schemas/ManagedUser' } } },
    });
  });

  it('documents GET /health, the readiness check', () => {
    expect(Object.keys(document.paths['/health']!)).toEqual(['get']);
  });

  it('is what docs/openapi.json and docs/api-reference.md hold (run `npm run openapi` after a change)', () => {
    for (const [path, text] of Object.entries(generatedApiDocs(root))) {
      expect({ path, text: readFileSync(`${root}/${path}`, 'utf8') }).toEqual({ path, text });
    }
  });
});
