/**
 * Where a docs function takes its texts from: the prebuilt files beside its bundle (prebuilt-docs.ts),
 * or, running from source (the local stack, tests), the generator. The generator is imported through a
 * computed specifier so that esbuild leaves it, with zod and the contract, out of the bundle; a bundle
 * always carries the prebuilt files (the route's `prebuiltDocs`).
 */
import type { DocsTexts } from './docs-texts.ts';
import { prebuiltDocsFolder, readPrebuiltDocs } from './prebuilt-docs.ts';

let texts: Promise<DocsTexts> | undefined;

export function docsTexts(): Promise<DocsTexts> {
  texts ??= load();
  return texts;
}

async function load(): Promise<DocsTexts> {
  const prebuilt = readPrebuiltDocs(new URL(`./${prebuiltDocsFolder}/`, import.meta.url));
  if (prebuilt) return prebuilt;
  const generator = new URL('./generated-docs.ts', import.meta.url).href;
  const { generatedDocs } = (await import(generator)) as typeof import('./generated-docs.ts');
  return generatedDocs;
}
