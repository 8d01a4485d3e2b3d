/**
 * Choosing between the HTML page and JSON from the `Accept` header (RFC 9110 §12.5.1). Each of the two
 * types gets the quality of the most specific media range that matches it (`type/subtype` over
 * `type/*` over `*\/*`); JSON is served only when it is strictly preferred. A missing or unparsable
 * header, and a tie, give HTML: the record is first of all a page that a phone opens from a QR code.
 */
export type Representation = 'html' | 'json';

interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
}

export function preferredRepresentation(accept: string | undefined): Representation {
  if (!accept) return 'html';
  const ranges = parseAccept(accept);
  return quality(ranges, 'application', 'json') > quality(ranges, 'text', 'html') ? 'json' : 'html';
}

function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of header.split(',')) {
    const [media, ...params] = part.split(';').map((s) => s.trim());
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)\/([!#$%&'*+.^_`|~0-9A-Za-z-]+)$/.exec(media ?? '');
    if (!match) continue;
    let q = 1;
    for (const param of params) {
      const qMatch = /^q\s*=\s*([01](?:\.\d{0,3})?)$/i.exec(param);
      if (qMatch) q = Math.min(1, Number(qMatch[1]));
    }
    ranges.push({ type: match[1]!.toLowerCase(), subtype: match[2]!.toLowerCase(), q });
  }
  return ranges;
}

/** The quality the header gives `type/subtype`: that of its most specific matching range, 0 if none. */
function quality(ranges: readonly MediaRange[], type: string, subtype: string): number {
  let best = -1;
  let q = 0;
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === '*'
          ? 1
          : range.type === '*' && range.subtype === '*'
            ? 0
            : -1;
    if (specificity > best || (specificity === best && specificity >= 0 && range.q > q)) {
      best = specificity;
      q = range.q;
    }
  }
  return best >= 0 ? q : 0;
}
