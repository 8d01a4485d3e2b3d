/**
 * How every Lambda function is built, declared once: the CDK construct (lib/service-function.ts) passes
 * these settings to NodejsFunction, and the cold-start benchmark bundles each entry with the same
 * settings through esbuild's API (`esbuildOptions`), so the two cannot drift.
 *
 * The AWS SDK is bundled (no externals) rather than taken from the Lambda runtime: esbuild tree-shakes
 * and minifies it with the rest, which loads much faster than the runtime's unbundled copy, and every
 * function runs the SDK version of the lockfile, the one the tests run.
 */
import type { BuildOptions } from 'esbuild';

export const functionBundling = {
  /** Lambda runtime and its esbuild target. */
  runtime: 'nodejs22.x',
  target: 'node22',
  architecture: 'arm64',
  format: 'esm',
  minify: true,
  /**
   * `index.mjs.map` ships beside the bundle but is not loaded at start (no `--enable-source-maps`: parsing
   * it cost every cold start): the error log maps a stack through it when an error is logged
   * (shared/platform/observability/stack-trace.ts).
   */
  sourceMap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  /** Modules left out of the bundle; none, see above. */
  externalModules: [] as readonly string[],
  // ESM bundles of CommonJS dependencies still call require().
  banner: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  /** Relative to the repository root. */
  tsconfig: 'tsconfig.json',
  /** The bundle's file name in ESM format, as NodejsFunction writes it. */
  outFile: 'index.mjs',
} as const;

/**
 * esbuild options equivalent to what NodejsFunction runs (`esbuild --bundle <entry> --platform=node
 * --target=… --format=esm --minify --sourcemap --sources-content=false --main-fields=… --banner:js=…
 * --tsconfig=…` with an `--external:` per external module).
 */
export function esbuildOptions(entryFile: string, outfile: string, tsconfigFile: string): BuildOptions {
  return {
    entryPoints: [entryFile],
    bundle: true,
    platform: 'node',
    target: functionBundling.target,
    format: functionBundling.format,
    outfile,
    minify: functionBundling.minify,
    sourcemap: functionBundling.sourceMap,
    sourcesContent: functionBundling.sourcesContent,
    mainFields: [...functionBundling.mainFields],
    external: [...functionBundling.externalModules],
    banner: { js: functionBundling.banner },
    tsconfig: tsconfigFile,
    logLevel: 'warning',
  };
}

/**
 * Shell commands that copy `folders` (relative to `inputDir`, the repository root) into `outputDir`,
 * each under its base name, so a bundled module finds them where `new URL('./<name>/', import.meta.url)`
 * points from its source file's folder.
 */
export function bundleFolderCommands(inputDir: string, outputDir: string, folders: readonly string[]): string[] {
  return folders.map((folder) => {
    const name =
      folder
        .split('/')
        .filter((part) => part.length > 0)
        .pop() ?? folder;
    return `cp -R "${inputDir}/${folder}" "${outputDir}/${name}"`;
  });
}

/** The command that writes the prebuilt OpenAPI document and API reference page into `outputDir` (bin/prebuild-docs.ts). */
export function prebuiltDocsCommand(inputDir: string, outputDir: string): string {
  return `"${inputDir}/node_modules/.bin/tsx" "${inputDir}/bin/prebuild-docs.ts" "${outputDir}"`;
}

/** What a function's bundle carries beside its entry file (from its route: `bundleFolders`, `prebuiltDocs`). */
export interface BundleExtras {
  readonly bundleFolders?: readonly string[];
  readonly prebuiltDocs?: boolean;
}

/** Shell commands run after esbuild, in the bundle's folder `outputDir`, that add `extras`. */
export function afterBundlingCommands(inputDir: string, outputDir: string, extras: BundleExtras): string[] {
  return [...bundleFolderCommands(inputDir, outputDir, extras.bundleFolders ?? []), ...(extras.prebuiltDocs ? [prebuiltDocsCommand(inputDir, outputDir)] : [])];
}
