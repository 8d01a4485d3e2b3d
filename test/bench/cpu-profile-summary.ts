/**
 * Where a bundled function's time goes: the self time of a V8 CPU profile (`--cpu-prof`, e.g. a cold
 * request's from `COLD_REQUEST_PROFILE_DIR=… npm run bench -- --only cold-request`) summed by the source
 * each sample's code came from, found through the bundle's source map: a package, a `shared/` area, or
 * Node's own internals (compiling the bundle shows as `node:…/esm/utils`).
 *
 *   npx tsx test/bench/cpu-profile-summary.ts <profile.cpuprofile> <bundle.mjs> [top]
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly url: string; readonly functionName: string; readonly lineNumber: number; readonly columnNumber: number };
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** A source file's group: a package (`@scope/name`), a `shared/` or `functions/` area, or the file. */
export function sourceGroup(source: string): string {
  // An area of the service: `shared/<layer>/<area>` for the features, the API and the platform, else `<folder>/<area>`.
  const own = /(?:^|\/)(shared\/(?:features|api|platform)\/[^/]+|(?:shared|functions|local|bin|lib)\/[^/]+)/.exec(source);
  if (own && !source.includes('node_modules/')) return own[1]!;
  // A package's file: under node_modules/, or relative to the bundle's folder (`../../@scope/name/…`).
  const path = source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  const parts = path.split('/');
  return parts[0]!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Self time in ms by group, largest first. */
export function summariseProfile(profile: CpuProfile, bundleFile: string, map: SourceMap): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const groups = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    let group: string;
    if (frame.url.endsWith(bundleFile.split('/').pop()!)) {
      const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string };
      group = entry.originalSource ? sourceGroup(entry.originalSource) : '(bundle, unmapped)';
    } else if (frame.url) {
      group = `node:${frame.url.replace(/^node:/, '').replace(/^internal\//, '')}`;
    } else {
      group = `(${frame.functionName || 'native'})`;
    }
    groups.set(group, (groups.get(group) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...groups].sort((a, b) => b[1] - a[1]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [profileFile, bundleFile, top = '25'] = process.argv.slice(2);
  if (!profileFile || !bundleFile) {
    console.error('usage: cpu-profile-summary.ts <profile.cpuprofile> <bundle.mjs> [top]');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
  const map = new SourceMap(JSON.parse(readFileSync(`${bundleFile}.map`, 'utf8')));
  const rows = summariseProfile(profile, bundleFile, map);
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`${total.toFixed(1).padStart(8)} ms  total`);
  for (const [group, ms] of rows.slice(0, Number(top))) console.log(`${ms.toFixed(1).padStart(8)} ms  ${group}`);
}
