// The OpenAPI 3.1 document and the Markdown reference, generated from the endpoint table
// (endpoints.ts). `npm run openapi` writes them to docs/; openapi.test.ts builds them again in
// memory and fails when the files in docs/ differ (ADR 0024). Request schemas come from the
// zod schemas the API parses with, answer schemas from the TypeScript types the routes answer
// (answer-types.ts, ADR 0053). Not exported from the package's index: the site never ships this.
import { createGenerator } from 'ts-json-schema-generator';
import { z } from './zod.js';
import { endpoints, type Endpoint } from './endpoints.js';
import { appCheckExemptPaths } from './routes.js';

type JsonSchema = Record<string, unknown>;

export const openApiPath = 'docs/openapi.json';
export const apiReferencePath = 'docs/api-reference.md';

/** A request part's schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a client sends it. */
function inputSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** `/meal/:id` -> `/meal/{id}` */
export const openApiPathOf = (path: string) => path.replace(/:(\w+)/g, '{$1}');

type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema };

function parametersOf(endpoint: Endpoint): Parameter[] {
  const parameters: Parameter[] = [];
  for (const place of ['params', 'query'] as const) {
    const schema = endpoint[place];
    if (!schema) continue;
    const json = inputSchema(schema);
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      parameters.push({
        name,
        in: place === 'params' ? 'path' : 'query',
        required: place === 'params' || required.has(name),
        schema: property,
      });
    }
  }
  return parameters;
}

const accessNote: Record<Endpoint['access'], string> = {
  public: "Public: anyone; a token, when sent, only adds the caller's own flags.",
  user: 'User: any valid API token.',
  staff: 'Staff: a valid API token whose user is kitchen staff or an admin in Firestore at the moment of the call.',
  admin: 'Admin: a valid API token whose user is an admin in Firestore at the moment of the call.',
};

/**
 * The answer types' JSON Schemas, generated from the TypeScript types themselves
 * (answer-types.ts), by their names in the table; the types they use are schemas of their own.
 * Built once per process: the TypeScript program takes a few seconds.
 */
const answerSchemas = new Map<string, Record<string, JsonSchema>>();
function answerTypeSchemas(root: string): Record<string, JsonSchema> {
  const built = answerSchemas.get(root);
  if (built) return built;
  const generator = createGenerator({
    path: `${root}/packages/contracts/src/answer-types.ts`,
    tsconfig: `${root}/packages/contracts/tsconfig.json`,
    type: 'AnswerTypes',
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    // The typecheck suite checks the types; the generator only reads them.
    skipTypeCheck: true,
    additionalProperties: true,
  });
  const definitions = (generator.createSchema('AnswerTypes').definitions ?? {}) as Record<string, JsonSchema>;
  // `#/definitions/Page%3CManagedUser%3E` -> `#/components/schemas/Page_ManagedUser`
  const text = JSON.stringify(definitions).replace(/"#\/definitions\/([^"]+)"/g, (_match, name: string) =>
    JSON.stringify(componentRef(decodeURIComponent(name))),
  );
  const schemas = JSON.parse(text) as Record<string, JsonSchema>;
  answerSchemas.set(root, schemas);
  return schemas;
}

const componentRef = (typeName: string) => `#/components/schemas/${schemaName(typeName)}`;

/** Why a route may refuse, for the statuses every route of a kind shares and the `also` lists. */
const statusNote: Record<number, string> = {
  400: 'A malformed request: the message names the field',
  401: 'A missing, expired or revoked API token',
  402: 'Needs a membership, or the card was declined',
  403: 'The caller may not do this',
  404: 'Not found',
  409: 'Conflicts with the current state: the message says which',
  410: 'No longer valid',
  413: 'The body is larger than 32 KB',
  429: 'Too many calls: wait for Retry-After seconds',
  502: 'The payment provider failed or refused: nothing was charged or changed',
  503: 'Not answered in time, or the database was busy: repeat after Retry-After',
};

/** Every route answers these, as its kind says (functions/src/app.ts, lib/auth.ts). */
function commonRefusals(endpoint: Endpoint): { status: number; note: string }[] {
  const refusals: { status: number; note: string }[] = [];
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.method !== 'get') {
    refusals.push({ status: 400, note: statusNote[400]! });
  }
  if (endpoint.access !== 'public') refusals.push({ status: 401, note: statusNote[401]! });
  // App Check, where it is enforced, guards every route but those reached from outside the site.
  else if (!appCheckExemptPaths.includes(endpoint.path)) {
    refusals.push({ status: 401, note: 'A missing or invalid App Check token, where App Check is enforced' });
  }
  if (endpoint.access === 'staff' || endpoint.access === 'admin') {
    refusals.push({
      status: 403,
      note: `The caller is not ${endpoint.access === 'staff' ? 'kitchen staff or ' : ''}an admin`,
    });
  }
  if (endpoint.body) refusals.push({ status: 413, note: statusNote[413]! });
  refusals.push({ status: 429, note: statusNote[429]! }, { status: 503, note: statusNote[503]! });
  return refusals;
}

type Response = { description: string; content: Record<string, { schema: JsonSchema }> };

/** An answer's media type and schema: a media type (`text/csv`, `text/calendar`) is text, the rest JSON by type name. */
function contentOf(name: string): [string, JsonSchema] {
  if (name.includes('/')) return [name, { type: 'string' }];
  return ['application/json', { $ref: componentRef(name) }];
}

/** Every status a route answers, each with its description and a schema per media type. */
function responsesOf(endpoint: Endpoint): Record<string, Response> {
  type Entry = { notes: string[]; content: Map<string, JsonSchema[]> };
  const byStatus = new Map<number, Entry>();
  const add = (status: number, note: string, [mediaType, schema]: [string, JsonSchema]) => {
    const entry: Entry = byStatus.get(status) ?? { notes: [], content: new Map() };
    byStatus.set(status, entry);
    if (!entry.notes.includes(note)) entry.notes.push(note);
    const schemas = entry.content.get(mediaType) ?? [];
    if (!schemas.some((known) => JSON.stringify(known) === JSON.stringify(schema))) schemas.push(schema);
    entry.content.set(mediaType, schemas);
  };
  const answers = [endpoint.answer, ...(endpoint.also ?? [])];
  for (const answer of answers) {
    if (typeof answer === 'number') add(answer, statusNote[answer]!, contentOf('Error'));
    else add(answer.status, answer.status < 300 ? answer.name : statusNote[answer.status]!, contentOf(answer.name));
  }
  for (const { status, note } of commonRefusals(endpoint)) add(status, note, contentOf('Error'));

  const responses: Record<string, Response> = {};
  for (const [status, { notes, content }] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: notes.map((note, i) => (i === 0 ? note : note.charAt(0).toLowerCase() + note.slice(1))).join('; '),
      content: Object.fromEntries(
        [...content].map(([mediaType, schemas]) => [
          mediaType,
          { schema: schemas.length === 1 ? schemas[0]! : { anyOf: schemas } },
        ]),
      ),
    };
  }
  return responses;
}

/** The OpenAPI 3.1 document of every route in the endpoint table (`root`: the repository's folder). */
export function openApiDocument(root: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: endpoint.summary,
      description: endpoint.callsStripe
        ? `${accessNote[endpoint.access]} Calls Stripe: a stricter per-user rate limit applies (429).`
        : endpoint.expensive
          ? `${accessNote[endpoint.access]} Reads every document of the caller: a stricter per-user rate limit applies (429).`
          : accessNote[endpoint.access],
      'x-access': endpoint.access,
      ...(endpoint.callsStripe ? { 'x-calls-stripe': true } : {}),
      ...(endpoint.expensive ? { 'x-expensive': true } : {}),
      ...(endpoint.access === 'public' ? {} : { security: [{ apiToken: [] }] }),
    };
    const parameters = parametersOf(endpoint);
    if (parameters.length > 0) operation.parameters = parameters;
    if (endpoint.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: inputSchema(endpoint.body) } },
      };
    }
    operation.responses = responsesOf(endpoint);
    (paths[openApiPathOf(endpoint.path)] ??= {})[endpoint.method] = operation;
  }

  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: 'object',
      description: 'Every refusal: the message says what was wrong, naming the field; some routes add fields.',
      properties: { message: { type: 'string' } },
      required: ['message'],
    },
  };
  const { AnswerTypes: answerTypes, ...generated } = answerTypeSchemas(root);
  // A named type is a definition of its own; an unnamed one (`PublicMeal[]`) is the property.
  const answers = (answerTypes?.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of Object.keys(answers)) generated[name] ??= answers[name]!;
  for (const name of Object.keys(generated).sort()) schemas[schemaName(name)] = generated[name]!;

  return {
    openapi: '3.1.0',
    info: {
      title: 'HostelHub REST API',
      version: '1',
      description:
        'Generated from the endpoint table in packages/contracts/src/endpoints.ts by `npm run openapi`; do not edit. Conventions (errors, paging, caching): docs/api.md.',
    },
    servers: [{ url: '/api' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The API token from POST /jwt (POST /jwt itself takes the Firebase ID token).',
        },
      },
    },
  };
}

/** A component name OpenAPI accepts for a type name such as `Page<MyReview>` or `PublicMeal[]`. */
function schemaName(typeName: string): string {
  return typeName.replace(/\[\]$/, 'List').replace(/[<>]/g, '_').replace(/_$/, '');
}

const code = (text: string) => `\`${text.replace(/\|/g, '\\|')}\``;

/** Describes a JSON Schema in one line for a Markdown table cell. */
function describeSchema(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.enum) parts.push((schema.enum as unknown[]).map((value) => JSON.stringify(value)).join(' \\| '));
  else if (schema.type) parts.push(String(schema.type));
  else if (schema.anyOf) parts.push((schema.anyOf as JsonSchema[]).map(describeSchema).join(' or '));
  for (const key of ['minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'format', 'default'] as const) {
    if (schema[key] !== undefined && !(key === 'maximum' && schema[key] === Number.MAX_SAFE_INTEGER)) {
      parts.push(`${key} ${JSON.stringify(schema[key])}`);
    }
  }
  return parts.join(', ').replace(/\|(?! )/g, '\\|');
}

/** The type names a response schema refers to (`Page_ManagedUser` or `Error or RedemptionRefusal`). */
function schemaTitle(schema: JsonSchema): string {
  const refs = (schema.anyOf as JsonSchema[] | undefined) ?? [schema];
  return refs.map((ref) => code(String(ref.$ref).replace('#/components/schemas/', ''))).join(' or ');
}

/** The Markdown reference: one section per endpoint, in the table's order. */
export function apiReferenceMarkdown(document: Record<string, unknown>): string {
  const lines = [
    '# HostelHub REST API reference',
    '',
    '<!-- Generated from packages/contracts/src/endpoints.ts by `npm run openapi`; do not edit. -->',
    '',
    `Every route the API serves, from the endpoint table (the OpenAPI 3.1 document: [openapi.json](openapi.json)).`,
    'Base path `/api`. Conventions (auth, errors, paging, caching) and the behaviour of each route: [api.md](api.md).',
    'Answer types are the TypeScript types of the same name in `packages/contracts/src`; every refusal is `{ "message": "..." }`.',
    '',
    '| method and path | who | success | refusals |',
    '| --- | --- | --- | --- |',
  ];
  const sections: string[] = [];
  const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const title = `${method.toUpperCase()} ${path}`;
      const responses = Object.entries(operation.responses as Record<string, Response>);
      const successes = responses.filter(([status]) => Number(status) < 300);
      const refusals = responses.filter(([status]) => Number(status) >= 300);
      const anchor = title
        .toLowerCase()
        .replace(/[^a-z0-9 _-]/g, '')
        .replace(/ /g, '-');
      const successText = successes.map(([status, success]) => `${status} ${code(success.description)}`).join(', ');
      lines.push(
        `| [${title}](#${anchor}) | ${operation['x-access']} | ${successText} | ${refusals.map(([status]) => status).join(' ')} |`,
      );
      sections.push('', `## ${title}`, '', `${operation.summary}. ${operation.description}`, '');
      const parameters = (operation.parameters ?? []) as Parameter[];
      if (parameters.length > 0) {
        sections.push('| parameter | in | required | schema |', '| --- | --- | --- | --- |');
        for (const parameter of parameters) {
          sections.push(
            `| ${code(parameter.name)} | ${parameter.in} | ${parameter.required ? 'yes' : 'no'} | ${describeSchema(parameter.schema)} |`,
          );
        }
        sections.push('');
      }
      const body = operation.requestBody as { content: Record<string, { schema: JsonSchema }> } | undefined;
      if (body) {
        sections.push(
          'Body (JSON Schema):',
          '',
          '```json',
          JSON.stringify(body.content['application/json']!.schema, null, 2),
          '```',
          '',
        );
      }
      sections.push('| status | when | body |', '| --- | --- | --- |');
      for (const [status, response] of responses) {
        const bodies = Object.entries(response.content).map(([mediaType, { schema }]) =>
          mediaType === 'application/json' ? schemaTitle(schema) : mediaType,
        );
        sections.push(`| ${status} | ${response.description.replace(/\|/g, '\\|')} | ${bodies.join(', ')} |`);
      }
    }
  }
  return `${[...lines, ...sections].join('\n')}\n`;
}

/**
 * The generated files, by path from the repository's folder `root`, as `npm run openapi`
 * writes them. The answer types' schemas are built once per process (answerTypeSchemas).
 */
export function generatedApiDocs(root: string): Record<string, string> {
  const document = openApiDocument(root);
  return {
    [openApiPath]: `${JSON.stringify(document, null, 2)}\n`,
    [apiReferencePath]: apiReferenceMarkdown(document),
  };
}
