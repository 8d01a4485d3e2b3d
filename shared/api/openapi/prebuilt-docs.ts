/**
 * The docs texts prebuilt when a function is bundled, so that the docs functions load neither zod nor
 * the contract and build nothing on their first request. `bin/prebuild-docs.ts` renders both texts once
 * for a placeholder base URL into the `openapi-docs` folder beside the bundle; at run time the
 * placeholder is replaced by the deployment's base URL, which gives the same bytes as building them
 * for that URL (a base URL is plain text in both JSON and HTML: it needs no escaping).
 */
import { existsSync, readFileSync } from 'node:fs';
import { escapeHtml } from '../http/html.ts';
import type { DocsTexts } from './docs-texts.ts';

/** The folder, beside the bundle, that holds the prebuilt texts. */
export const prebuiltDocsFolder = 'openapi-docs';

/** The base URL the prebuilt texts are rendered for (`.invalid` never resolves, RFC 2606). */
export const placeholderBaseUrl = 'https://base-url.invalid';

export const prebuiltDocsFiles = { openApi: 'openapi.json', referencePage: 'reference.html' } as const;

/** A base URL that JSON strings and HTML text carry as is. */
export function isPlainBaseUrl(baseUrl: string): boolean {
  return escapeHtml(baseUrl) === baseUrl && JSON.stringify(baseUrl) === `"${baseUrl}"`;
}

function forBaseUrl(template: string): (baseUrl: string) => string {
  return (baseUrl) => {
    if (!isPlainBaseUrl(baseUrl)) throw new Error(`The base URL ${JSON.stringify(baseUrl)} would need escaping in the docs`);
    return template.replaceAll(placeholderBaseUrl, baseUrl);
  };
}

/** The texts rendered for `placeholderBaseUrl`, served for any base URL. */
export function docsFromTemplates(templates: { readonly openApi: string; readonly referencePage: string }): DocsTexts {
  return { openApi: forBaseUrl(templates.openApi), referencePage: forBaseUrl(templates.referencePage) };
}

/** The prebuilt texts in `folder`, or undefined when it holds none (running from source). */
export function readPrebuiltDocs(folder: URL): DocsTexts | undefined {
  const openApi = new URL(prebuiltDocsFiles.openApi, folder);
  if (!existsSync(openApi)) return undefined;
  return docsFromTemplates({
    openApi: readFileSync(openApi, 'utf8'),
    referencePage: readFileSync(new URL(prebuiltDocsFiles.referencePage, folder), 'utf8'),
  });
}
