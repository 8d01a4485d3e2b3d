/**
 * Text fitted to the characters the page's fonts can draw. The certificate embeds Noto Sans and a CJK
 * fallback (`certificate-fonts.ts`), so nearly every name prints as given; the rules below cover what is
 * left (emoji, rare scripts), and hold for any character set, such as the standard 14 fonts' WinAnsi
 * (PDF 32000-1, Annex D.2), for which this module was first written. Text is fitted before it is
 * measured or drawn:
 *
 * 1. The text is put in Unicode NFC, so "José" typed with a combining accent is drawn as "José".
 * 2. White space (line breaks, tabs, no-break spaces) becomes a plain space; control characters go.
 * 3. A character the font lacks is replaced by its compatibility decomposition (NFKD) without combining
 *    marks when that is drawable ("Ő" -> "O", "ǆ" -> "dž", "ﬁ" -> "fi"), else by a fixed Latin
 *    transliteration ("Ł" -> "L", "đ" -> "d", "ı" -> "i") or a typographic equivalent (non-breaking
 *    hyphen -> "-"), else by "?" (emoji, scripts the fonts lack); stray combining marks and format
 *    characters (zero-width joiners, ...) are dropped.
 *
 * The result says whether anything was replaced (`exact: false`); the renderer then prints a note and
 * keeps the exact text in the document information dictionary (UTF-16 text strings), so nothing is lost.
 */

/** Characters without a drawable decomposition, mapped to their usual Latin transliteration. */
const transliterations: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  Ŋ: 'N',
  ŋ: 'n',
  ĸ: 'k',
  ẞ: 'SS',
  Ə: 'E',
  ə: 'e',
  Ɛ: 'E',
  ɛ: 'e',
  Ɔ: 'O',
  ɔ: 'o',
  ƒ: 'f',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2043': '-',
  '\u2212': '-',
  '\u2015': '\u2014',
  '\u2032': "'",
  '\u2033': '"',
  '\u201B': "'",
  '\u201F': '"',
  '\u2039': '<',
  '\u203A': '>',
};

const replacement = '?';

export interface FittedText {
  readonly text: string;
  /** False when any character had to be replaced or dropped. */
  readonly exact: boolean;
}

/** Fits `text` to the characters in `charset` (Unicode code points the font can encode). */
export function fitToCharset(text: string, charset: ReadonlySet<number>): FittedText {
  const normalized = text.normalize('NFC');
  let out = '';
  let exact = true;
  for (const char of normalized) {
    if (/^[\s\u2028\u2029]$/u.test(char)) {
      out += ' ';
    } else if (!/^\p{Cc}$/u.test(char)) {
      const fitted = fitCharacter(char, charset);
      if (fitted !== char) exact = false;
      out += fitted;
    }
  }
  return { text: out, exact };
}

function fitCharacter(char: string, charset: ReadonlySet<number>): string {
  if (charset.has(char.codePointAt(0) ?? 0)) return char;
  const decomposed = char.normalize('NFKD').replace(/\p{M}/gu, '');
  if (decomposed.length > 0 && Array.from(decomposed).every((c) => charset.has(c.codePointAt(0) ?? 0))) return decomposed;
  const transliterated = transliterations[char];
  if (transliterated !== undefined) return transliterated;
  if (/^[\p{M}\p{Cf}]$/u.test(char)) return '';
  return replacement;
}
