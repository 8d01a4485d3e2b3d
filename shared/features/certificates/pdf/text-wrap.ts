/**
 * Line breaking for text drawn with pdf-lib: greedy fill measured with the font's own advance widths
 * (`widthOfTextAtSize`), breaking at spaces and, for words wider than the line (hashes, URLs, ids), at
 * characters, preferring a break after a URL or identifier separator.
 */

/** What a font must offer to be measured (pdf-lib's `PDFFont` satisfies it). */
export interface MeasuringFont {
  widthOfTextAtSize(text: string, size: number): number;
}

/** Characters after which a long unbroken token is preferably split. */
const softBreakAfter = new Set(['/', '-', '_', '.', '?', '&', '=', ',', ';', ':', '#']);

/**
 * Splits `text` into lines no wider than `maxWidth` at `size`. Whitespace runs collapse to one space;
 * an empty text gives one empty line. Every returned line fits, except that a single character wider
 * than `maxWidth` is kept on its own line (it cannot be split further).
 */
export function wrapText(text: string, font: MeasuringFont, size: number, maxWidth: number): string[] {
  const words = text.split(/\s+/).filter((word) => word.length > 0);
  if (words.length === 0) return [''];
  const width = (s: string): number => font.widthOfTextAtSize(s, size);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (width(candidate) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    if (width(word) <= maxWidth) {
      current = word;
      continue;
    }
    const pieces = splitLongWord(word, width, maxWidth);
    lines.push(...pieces.slice(0, -1));
    current = pieces[pieces.length - 1] ?? '';
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * Like `wrapText`, but at most `maxLines` lines: when the text needs more, the last kept line ends with
 * an ellipsis (U+2026, present in WinAnsi) and still fits.
 */
export function wrapTextClamped(text: string, font: MeasuringFont, size: number, maxWidth: number, maxLines: number): { lines: string[]; truncated: boolean } {
  const lines = wrapText(text, font, size, maxWidth);
  if (lines.length <= maxLines) return { lines, truncated: false };
  const kept = lines.slice(0, Math.max(1, maxLines));
  const ellipsis = '\u2026';
  let last = kept[kept.length - 1] ?? '';
  while (last.length > 0 && font.widthOfTextAtSize(last + ellipsis, size) > maxWidth) last = last.slice(0, -1);
  kept[kept.length - 1] = last.trimEnd() + ellipsis;
  return { lines: kept, truncated: true };
}

/** Splits one token into pieces that each fit, breaking after a separator when one is in the last third of a piece. */
function splitLongWord(word: string, width: (s: string) => number, maxWidth: number): string[] {
  const chars = Array.from(word);
  const pieces: string[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = start + 1;
    while (end < chars.length && width(chars.slice(start, end + 1).join('')) <= maxWidth) end += 1;
    if (end < chars.length) {
      const minimum = start + Math.ceil((end - start) * (2 / 3));
      for (let i = end - 1; i >= minimum; i -= 1) {
        if (softBreakAfter.has(chars[i] ?? '')) {
          end = i + 1;
          break;
        }
      }
    }
    pieces.push(chars.slice(start, end).join(''));
    start = end;
  }
  return pieces;
}
