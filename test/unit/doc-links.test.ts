/**
 * The README and every document of docs/ (the recipes included) link to what exists: each relative link
 * names a file or folder of the repository, and an anchor the target defines (a heading, as GitHub
 * makes its anchor, or an explicit `<a id>`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors a Markdown file defines: its headings' and explicit `<a id>`s (fenced code skipped). */
function anchorsOf(text: string): Set<string> {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...[...prose.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)), ...[...prose.matchAll(/<a id="([^"]+)">/g)].map((m) => m[1]!)]);
}

describe('the README and docs/ link to what exists', () => {
  const files = [
    'README.md',
    ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.md'))
      .map((f) => join('docs', f)),
  ];

  it('the recipes are among the documents checked', () => {
    expect(files.filter((file) => file.startsWith('docs/recipes/')).length).toBeGreaterThanOrEqual(4);
  });

  it.each(files)('%s: every relative link names a file that exists, and an anchor it defines', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const prose = text.replace(/^```[\s\S]*?^```/gm, '');
    const broken: string[] = [];
    for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = path ? join(dirname(join(root, file)), path) : join(root, file);
      if (!existsSync(resolved)) broken.push(`${target} (no such file)`);
      else if (anchor && !statSync(resolved).isDirectory() && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) broken.push(`${target} (no such anchor)`);
    }
    expect(broken).toEqual([]);
  });
});
