/**
 * The two texts the docs routes serve, for a deployment's base URL: the OpenAPI document as JSON and the
 * API reference page rendered from it. `generatedDocs` builds them from the schemas and route docs (zod,
 * the whole contract); `prebuiltDocs` (prebuilt-docs.ts) reads them as the bundle carries them.
 */
export interface DocsTexts {
  openApi(baseUrl: string): string;
  referencePage(baseUrl: string): string;
}
