/** The docs texts built from the schemas the handlers use (see document.ts and reference-page.ts). */
import type { DocsTexts } from './docs-texts.ts';
import { openApiDocument } from './document.ts';
import { renderReferencePage } from './reference-page.ts';

export const generatedDocs: DocsTexts = {
  openApi: (baseUrl) => JSON.stringify(openApiDocument(baseUrl)),
  referencePage: (baseUrl) => renderReferencePage(openApiDocument(baseUrl), { openApiUrl: `${baseUrl}/v1/openapi.json` }),
};
