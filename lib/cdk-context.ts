/**
 * The CDK context the app is given, read the way the CDK CLI reads it: the `context` block of
 * `cdk.json` (the feature flags and any settings kept there), `cdk.context.json` when present, then
 * each `-c key=value` of the command line, later ones winning. The template tests build the app with
 * it (so they test what `cdk synth` produces) and the operator CLI's `preflight` checks exactly the
 * settings a deploy with the same flags would use.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const repoRoot = join(import.meta.dirname, '..');

function contextOf(file: string, pick: (json: { context?: unknown }) => unknown): Record<string, unknown> {
  if (!existsSync(file)) return {};
  const value = pick(JSON.parse(readFileSync(file, 'utf8')));
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** `cdk.json`'s `context` block merged with `cdk.context.json` (the CLI's order). */
export function cdkJsonContext(dir: string = repoRoot): Record<string, unknown> {
  return {
    ...contextOf(join(dir, 'cdk.json'), (json) => json.context),
    ...contextOf(join(dir, 'cdk.context.json'), (json) => json),
  };
}

/** `-c key=value` / `--context key=value` values, as the CLI passes them to the app (strings). */
export function contextArgs(values: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values) {
    const at = value.indexOf('=');
    if (at < 1) throw new Error(`Context "${value}" is not of the form key=value`);
    out[value.slice(0, at)] = value.slice(at + 1);
  }
  return out;
}
