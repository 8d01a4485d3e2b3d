/**
 * `tsx bin/prebuild-docs.ts <bundle folder>`: writes the OpenAPI document and the API reference page,
 * rendered for the placeholder base URL, into `<bundle folder>/openapi-docs/` (shared/api/openapi/prebuilt-docs.ts).
 * The docs functions' bundling runs it (the route's `prebuiltDocs`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { placeholderBaseUrl, prebuiltDocsFiles, prebuiltDocsFolder } from '../shared/api/openapi/prebuilt-docs.ts';

const [outDir] = process.argv.slice(2);
if (!outDir) {
  console.error('Usage: tsx bin/prebuild-docs.ts <bundle folder>');
  process.exit(2);
}
// Error examples link to the docs through the configured base URL: the placeholder too.
process.env.PUBLIC_BASE_URL = placeholderBaseUrl;
const { generatedDocs } = await import('../shared/api/openapi/generated-docs.ts');
const folder = join(outDir, prebuiltDocsFolder);
await mkdir(folder, { recursive: true });
await writeFile(join(folder, prebuiltDocsFiles.openApi), generatedDocs.openApi(placeholderBaseUrl));
await writeFile(join(folder, prebuiltDocsFiles.referencePage), generatedDocs.referencePage(placeholderBaseUrl));
