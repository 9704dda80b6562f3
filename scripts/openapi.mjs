// Writes the OpenAPI 3.1 document and the Markdown API reference generated from the endpoint
// table (packages/contracts/src/endpoints.ts). packages/contracts/src/openapi.test.ts fails
// while they are stale.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

const root = fileURLToPath(new URL('..', import.meta.url));
const jiti = createJiti(import.meta.url);
const { generatedApiDocs } = await jiti.import('../packages/contracts/src/openapi.ts');

for (const [path, text] of Object.entries(generatedApiDocs(root.replace(/\/$/, '')))) {
  writeFileSync(join(root, path), text);
  console.log(`wrote ${path}`);
}
