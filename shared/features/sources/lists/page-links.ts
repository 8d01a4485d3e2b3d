/**
 * What a landing page offers: its links (text and absolute target) and the hidden fields of its forms,
 * read with htmlparser2 (the forgiving, streaming HTML parser most Node HTML tools build on: the pages
 * of state agencies are rarely well-formed, and links hide inside spans, tables and single-quoted
 * attributes that a pattern would miss).
 */
import { Parser } from 'htmlparser2';
import type { LinkRule } from './list-definition.ts';

export interface PageLink {
  /** The link's visible text, whitespace collapsed. */
  readonly text: string;
  /** Absolute URL. */
  readonly href: string;
}

export interface PageContent {
  readonly links: readonly PageLink[];
  /** `<input type="hidden">` fields by name (the last of a name wins). */
  readonly hiddenFields: Readonly<Record<string, string>>;
}

export function readPage(html: string, pageUrl: string): PageContent {
  const links: PageLink[] = [];
  const hiddenFields: Record<string, string> = {};
  const open: { href: string; text: string[] }[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'a' && attributes.href !== undefined) open.push({ href: attributes.href, text: [] });
        if (name === 'input' && (attributes.type ?? '').toLowerCase() === 'hidden' && attributes.name) {
          hiddenFields[attributes.name] = attributes.value ?? '';
        }
      },
      ontext(text) {
        for (const link of open) link.text.push(text);
      },
      onclosetag(name) {
        if (name !== 'a') return;
        const link = open.pop();
        if (!link) return;
        let href: string;
        try {
          href = new URL(link.href.trim(), pageUrl).toString();
        } catch {
          return;
        }
        links.push({ text: link.text.join(' ').replace(/\s+/g, ' ').trim(), href });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { links, hiddenFields };
}

export function linkMatches(link: PageLink, rule: LinkRule): boolean {
  return (!rule.text || rule.text.test(link.text)) && (!rule.href || rule.href.test(link.href));
}

/** The file name a URL names: its last path segment, decoded. */
export function fileNameOf(url: string): string {
  const segment = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
