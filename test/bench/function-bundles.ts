/**
 * Bundles function entries exactly as the CDK stack does (shared/platform/infra/function-bundling.ts) and says
 * what each bundle is made of.
 */
import { build, type Metafile } from 'esbuild';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { esbuildOptions, functionBundling } from '#shared/platform/infra/function-bundling.ts';

export const repoRoot = join(import.meta.dirname, '..', '..');

export interface FunctionBundle {
  readonly file: string;
  readonly bytes: number;
  /** Bytes in the bundle by npm package (or by source folder for the service's own code), largest first. */
  readonly parts: readonly { readonly name: string; readonly bytes: number }[];
}

/** Metafile inputs (relative to the repository root): `node_modules/@aws-sdk/client-s3/…` → `@aws-sdk/client-s3`, `shared/names/…` → `shared/names`. */
function partName(input: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (pkg) return pkg[1]!;
  return input.split('/').slice(0, 2).join('/');
}

function composition(metafile: Metafile): FunctionBundle['parts'] {
  const sizes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = partName(input);
      sizes.set(name, (sizes.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...sizes].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/** Bundles `entry` (absolute, or relative to the repository root) into `outDir`. */
export async function bundleFunction(entry: string, outDir: string): Promise<FunctionBundle> {
  const file = join(outDir, functionBundling.outFile);
  const result = await build({
    ...esbuildOptions(resolve(repoRoot, entry), file, join(repoRoot, functionBundling.tsconfig)),
    absWorkingDir: repoRoot,
    metafile: true,
  });
  return { file, bytes: (await stat(file)).size, parts: composition(result.metafile) };
}
