/**
 * The pages of a board's HTML search as the lookup reads them (html-lookup.ts): a results page's tables
 * (header cells, each row's cell texts and link targets) and visible text; a profile page's labelled
 * values and sections. Read with htmlparser2, as the list landing pages are; a module of its own so that
 * only a lookup that reads HTML loads the parser.
 */
import { Parser } from 'htmlparser2';

/** A results table as a page holds it: header texts, and each row's cell texts and its links' targets. */
export interface HtmlTable {
  readonly headers: readonly string[];
  readonly rows: readonly { readonly cells: readonly string[]; readonly links: readonly string[] }[];
}

export interface ResultsPage {
  readonly tables: readonly HtmlTable[];
  /** The page's visible text, whitespace collapsed (scripts and styles left out). */
  readonly text: string;
}

export interface ProfilePage {
  /** Each label's value (the first of a label), whitespace collapsed. */
  readonly labels: ReadonlyMap<string, string>;
  /** Each section's text after its heading, by the heading's text. */
  readonly sections: ReadonlyMap<string, string>;
  readonly text: string;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const hidden = new Set(['script', 'style', 'noscript']);

/** The tables of a page (header cells, rows of cells and link targets) and its visible text. */
export function readResultsPage(html: string, pageUrl: string): ResultsPage {
  const tables: { headers: string[]; rows: { cells: string[]; links: string[] }[] }[] = [];
  const text: string[] = [];
  let hiddenDepth = 0;
  let table: (typeof tables)[number] | undefined;
  let row: { cells: string[]; links: string[]; header: boolean } | undefined;
  let cell: string[] | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (hidden.has(name)) hiddenDepth++;
        if (name === 'table') {
          table = { headers: [], rows: [] };
          tables.push(table);
        }
        if (name === 'tr' && table) row = { cells: [], links: [], header: false };
        if ((name === 'td' || name === 'th') && row) {
          cell = [];
          if (name === 'th') row.header = true;
        }
        if (name === 'a' && row && attributes.href !== undefined) {
          try {
            row.links.push(new URL(attributes.href.trim(), pageUrl).toString());
          } catch {
            // A link that is no URL links nowhere.
          }
        }
      },
      ontext(data) {
        if (hiddenDepth > 0) return;
        text.push(data);
        cell?.push(data);
      },
      onclosetag(name) {
        if (hidden.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        if ((name === 'td' || name === 'th') && row && cell) {
          row.cells.push(collapse(cell.join(' ')));
          cell = undefined;
        }
        if (name === 'tr' && row && table) {
          if (row.header) table.headers.push(...row.cells);
          else if (row.cells.length > 0) table.rows.push({ cells: row.cells, links: row.links });
          row = undefined;
        }
        if (name === 'table') table = undefined;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { tables, text: collapse(text.join(' ')) };
}

/**
 * A profile page's labelled values (`<strong>Label:</strong> value`, the value running to the next label,
 * line break or the end of its element) and its sections (the text after each `<h3>`, to the end of the
 * element holding it).
 */
export function readProfilePage(html: string): ProfilePage {
  const labels = new Map<string, string>();
  const sections = new Map<string, string>();
  const text: string[] = [];
  let hiddenDepth = 0;
  let depth = 0;
  let strong: string[] | undefined;
  let value: { label: string; parts: string[]; depth: number } | undefined;
  let heading: string[] | undefined;
  let section: { heading: string; parts: string[]; depth: number } | undefined;
  const endValue = () => {
    if (value && !labels.has(value.label)) labels.set(value.label, collapse(value.parts.join(' ')));
    value = undefined;
  };
  const endSection = () => {
    if (section && !sections.has(section.heading)) sections.set(section.heading, collapse(section.parts.join(' ')));
    section = undefined;
  };
  const parser = new Parser(
    {
      onopentag(name) {
        depth++;
        if (hidden.has(name)) hiddenDepth++;
        if (name === 'strong') {
          endValue();
          strong = [];
        }
        if (name === 'br') endValue();
        if (name === 'h3') {
          endSection();
          heading = [];
        }
      },
      ontext(data) {
        if (hiddenDepth > 0) return;
        text.push(data);
        strong?.push(data);
        value?.parts.push(data);
        heading?.push(data);
        section?.parts.push(data);
      },
      onclosetag(name) {
        if (hidden.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        if (name === 'strong' && strong) {
          const label = collapse(strong.join(' '));
          strong = undefined;
          // A label ends with its colon; the value is what follows it within its element.
          if (label.endsWith(':')) value = { label: label.slice(0, -1).trim(), parts: [], depth: depth - 1 };
        } else if (value && depth <= value.depth) endValue();
        if (name === 'h3' && heading) {
          section = { heading: collapse(heading.join(' ')), parts: [], depth: depth - 1 };
          heading = undefined;
        } else if (section && depth <= section.depth) endSection();
        depth--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  endValue();
  endSection();
  return { labels, sections, text: collapse(text.join(' ')) };
}
