// The OpenAPI 3.1 document and the Markdown reference, generated from the endpoint table
// (endpoints.ts). `npm run openapi` writes them to docs/; an API test builds them again in
// memory and fails when the files in docs/ differ (ADR 0024). Not exported from the
// package's index: the site never ships this.
import { z } from './zod.js';
import { endpoints, type Endpoint } from './endpoints.js';

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

/** The OpenAPI 3.1 document of every route in the endpoint table. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const answerNames = new Set<string>();
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    answerNames.add(endpoint.answer.name);
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: endpoint.summary,
      description: endpoint.callsStripe
        ? `${accessNote[endpoint.access]} Calls Stripe: a stricter per-user rate limit applies (429).`
        : accessNote[endpoint.access],
      'x-access': endpoint.access,
      ...(endpoint.callsStripe ? { 'x-calls-stripe': true } : {}),
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
    operation.responses = {
      [String(endpoint.answer.status)]: {
        description: endpoint.answer.name,
        content: {
          'application/json': { schema: { $ref: `#/components/schemas/${schemaName(endpoint.answer.name)}` } },
        },
      },
      '4XX': {
        description: 'A client mistake, a missing token or a refusal',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    };
    (paths[openApiPathOf(endpoint.path)] ??= {})[endpoint.method] = operation;
  }

  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    },
  };
  for (const name of [...answerNames].sort()) {
    schemas[schemaName(name)] = {
      title: name,
      description: `The TypeScript type \`${name}\` exported by @hostelhub/contracts (packages/contracts/src).`,
    };
  }

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

/** The Markdown reference: one section per endpoint, in the table's order. */
export function apiReferenceMarkdown(document = openApiDocument()): string {
  const lines = [
    '# HostelHub REST API reference',
    '',
    '<!-- Generated from packages/contracts/src/endpoints.ts by `npm run openapi`; do not edit. -->',
    '',
    `Every route the API serves, from the endpoint table (the OpenAPI 3.1 document: [openapi.json](openapi.json)).`,
    'Base path `/api`. Conventions (auth, errors, paging, caching) and the behaviour of each route: [api.md](api.md).',
    'Answer types are the TypeScript types of the same name in `packages/contracts/src`.',
    '',
    '| method and path | who | answer |',
    '| --- | --- | --- |',
  ];
  const sections: string[] = [];
  const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const title = `${method.toUpperCase()} ${path}`;
      const responses = operation.responses as Record<string, { description: string }>;
      const [status, success] = Object.entries(responses)[0]!;
      const anchor = title
        .toLowerCase()
        .replace(/[^a-z0-9 _-]/g, '')
        .replace(/ /g, '-');
      lines.push(`| [${title}](#${anchor}) | ${operation['x-access']} | ${status} ${code(success.description)} |`);
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
      sections.push(`Answer: ${status} ${code(success.description)}; errors \`{ "message": "..." }\`.`);
    }
  }
  return `${[...lines, ...sections].join('\n')}\n`;
}

/** The generated files, by path from the repository root, as `npm run openapi` writes them. */
export function generatedApiDocs(): Record<string, string> {
  const document = openApiDocument();
  return {
    [openApiPath]: `${JSON.stringify(document, null, 2)}\n`,
    [apiReferencePath]: apiReferenceMarkdown(document),
  };
}
