/**
 * Readable stack traces without source maps loaded at start: a function's process does not run with
 * `--enable-source-maps` (parsing the map costs every cold start), so a stack logged from a bundle names
 * minified positions in `index.mjs`. `readableStack` maps those frames back to the TypeScript sources
 * through the `.map` file shipped beside the bundle, read and parsed only the first time an error is
 * logged. Running from source (tsx, tests) there is no map beside the module and the stack is returned
 * as it is.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The module's own file: in a bundle, the bundle itself (every module shares its `import.meta.url`). */
const moduleUrl = import.meta.url;

let loaded: { readonly map: SourceMap | undefined } | undefined;

function bundleMap(): SourceMap | undefined {
  if (!loaded) {
    const mapFile = `${fileURLToPath(moduleUrl)}.map`;
    let map: SourceMap | undefined;
    try {
      if (existsSync(mapFile)) map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')));
    } catch {
      map = undefined;
    }
    loaded = { map };
  }
  return loaded.map;
}

/** A source path of the map as a path from the repository root (`shared/…`, `functions/…`, `node_modules/…`). */
export function sourcePath(source: string): string {
  const path = source.startsWith('file://') ? fileURLToPath(source) : source;
  const root = /(?:^|\/)((?:node_modules|shared|functions|lib|bin|local|test)\/.*)$/.exec(path);
  return root ? root[1]! : path.replace(/^(\.\.\/)+/, '');
}

/** `stack` with every frame in `bundleUrl` replaced by its source position through `map`; other frames are kept. */
export function mapStack(stack: string, bundleUrl: string, map: SourceMap): string {
  const bundlePaths = [bundleUrl, fileURLToPath(bundleUrl)];
  return stack
    .split('\n')
    .map((line) => {
      const frame = /^(\s+at (?:(.*?) \()?)(.+?):(\d+):(\d+)(\)?)$/.exec(line);
      if (!frame || !bundlePaths.includes(frame[3]!)) return line;
      const entry = map.findEntry(Number(frame[4]) - 1, Number(frame[5]) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
      if (entry.originalSource === undefined || entry.originalLine === undefined || entry.originalColumn === undefined) return line;
      // The bundle's function names are minified: the source position alone names the frame.
      return `    at ${sourcePath(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    })
    .join('\n');
}

/** The stack of an error as it should be logged: frames of this bundle named by source file and line. */
export function readableStack(stack: string | undefined): string | undefined {
  if (!stack) return stack;
  const map = bundleMap();
  return map ? mapStack(stack, moduleUrl, map) : stack;
}
