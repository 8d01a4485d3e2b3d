/**
 * Regular expressions of the OpenAPI document that every validator reads alike. JSON Schema 2020-12
 * patterns are ECMA-262 with Unicode semantics, but not every tool runs them with the `u` flag: Spectral
 * does not, and reads `\p{L}` as the letters `p{L}`. A character class with Unicode property escapes is
 * therefore spelt out as the ranges of the Basic Multilingual Plane it matches, each as a `\uXXXX` escape,
 * which mean the same with and without `u`. Characters beyond the BMP (astral letters, emoji) match
 * neither form of the class, so the document is stricter there than the code's own pattern.
 */

const lastBmp = 0xffff;
const isSurrogate = (code: number) => code >= 0xd800 && code <= 0xdfff;
const unicodeEscape = (code: number) => `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** `[\p{L} .]` → `[\u0020\u002E\u0041-\u005A…]`: the BMP characters the class matches with `u`. */
function expandClass(classSource: string): string {
  const matches = new RegExp(`^${classSource}$`, 'u');
  const ranges: string[] = [];
  let start = -1;
  for (let code = 0; code <= lastBmp + 1; code++) {
    const inClass = code <= lastBmp && !isSurrogate(code) && matches.test(String.fromCharCode(code));
    if (inClass && start < 0) start = code;
    if (!inClass && start >= 0) {
      const end = code - 1;
      ranges.push(
        end === start
          ? unicodeEscape(start)
          : end === start + 1
            ? `${unicodeEscape(start)}${unicodeEscape(end)}`
            : `${unicodeEscape(start)}-${unicodeEscape(end)}`,
      );
      start = -1;
    }
  }
  return `[${ranges.join('')}]`;
}

/** A character class (`[…]`, escapes inside it included) that uses Unicode property escapes. */
const propertyClass = /\[(?:\\.|[^\]\\])*\\[pP]\{(?:\\.|[^\]\\])*\]/g;

/** The pattern with each class that uses `\p{…}` or `\P{…}` spelt out as BMP ranges; others unchanged. */
export function portablePattern(source: string): string {
  return source.replace(propertyClass, expandClass);
}
