/**
 * The certificate's fonts, embedded as subsets (only the glyphs drawn) so the PDF shows every name the
 * same way in every viewer, for as long as it is kept (PDF/A requires every font to be embedded):
 *
 * - Noto Sans Regular and Bold (SIL OFL 1.1): Latin, Greek and Cyrillic, for all text.
 * - Noto Sans Mono Regular (SIL OFL 1.1): identifiers and hashes, so 0/O and 1/l stay distinct.
 * - Droid Sans Fallback (Apache 2.0): Chinese, Japanese and Korean, in 4 MB rather than the 16 MB of one
 *   Noto Sans CJK weight. It is read and embedded only when the page's text has a character the Noto
 *   fonts lack, and it serves the bold face too (it has one weight).
 *
 * Subsets are written by `@pdf-lib/fontkit`, which writes a subset's `loca` table in the short format
 * whenever its glyph data is under 128 KB and then halves every offset; a glyph record of odd length (the
 * Noto fonts have many) shifts every later glyph by a byte, and those glyphs render blank although the
 * text still extracts. `withEvenGlyphRecords` pads each record to an even length, as the TrueType
 * specification expects of a short `loca`.
 *
 * The font files are in `assets/` beside this module; the function bundle carries them in `assets/`
 * beside its entry file (see `lib/service-function.ts`), so `./assets/` resolves in both.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { FontKey } from './certificate-pdf-layout.ts';

export const fontFiles = {
  regular: 'NotoSans-Regular.ttf',
  bold: 'NotoSans-Bold.ttf',
  mono: 'NotoSansMono-Regular.ttf',
  cjk: 'DroidSansFallbackFull.ttf',
} as const;

export type FontFile = (typeof fontFiles)[keyof typeof fontFiles];

/** The directory the font and colour profile files are read from. */
export const assetsDirectory = new URL('./assets/', import.meta.url);

const loaded = new Map<string, Promise<Uint8Array>>();

/** The bytes of an asset file, read once per container. */
export function assetBytes(file: string): Promise<Uint8Array> {
  let bytes = loaded.get(file);
  if (!bytes) {
    bytes = readFile(new URL(file, assetsDirectory)).then((buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
    bytes.catch(() => loaded.delete(file));
    loaded.set(file, bytes);
  }
  return bytes;
}

/** One face of the page: a primary font and, for characters it lacks, the CJK fallback. */
export class FontFace {
  private readonly primarySet: ReadonlySet<number>;
  private readonly unitWidths = new Map<string, number>();
  /** Unicode code points this face can draw. */
  readonly charset: ReadonlySet<number>;

  constructor(
    readonly primary: PDFFont,
    readonly fallback: PDFFont | null,
  ) {
    this.primarySet = new Set(primary.getCharacterSet());
    this.charset = fallback ? new Set([...this.primarySet, ...fallback.getCharacterSet()]) : this.primarySet;
  }

  /** `text` split into runs of the same font (characters neither font has go to the primary). */
  runs(text: string): { text: string; font: PDFFont }[] {
    const runs: { text: string; font: PDFFont }[] = [];
    for (const char of text) {
      const font = this.fallback && !this.primarySet.has(char.codePointAt(0) ?? 0) ? this.fallback : this.primary;
      const last = runs[runs.length - 1];
      if (last && last.font === font) last.text += char;
      else runs.push({ text: char, font });
    }
    return runs;
  }

  /**
   * The advance width of `text`: the sum of its characters' advance widths, each measured once. With
   * ligatures and contextual forms off (`fixedWidthFeatures`) that is what pdf-lib draws (it writes no
   * kerning), and it keeps line breaking fast.
   */
  widthOfTextAtSize(text: string, size: number): number {
    let units = 0;
    for (const char of text) {
      let width = this.unitWidths.get(char);
      if (width === undefined) {
        const [run] = this.runs(char);
        width = run ? run.font.widthOfTextAtSize(run.text, 1000) : 0;
        this.unitWidths.set(char, width);
      }
      units += width;
    }
    return (units * size) / 1000;
  }

  heightAtSize(size: number, options?: { descender?: boolean }): number {
    return this.primary.heightAtSize(size, options);
  }
}

/**
 * Embeds the three faces in `doc` as subsets, with the CJK fallback when `text` (every string the page
 * may draw) has a character the primary fonts lack. Subset names carry a tag derived from `text`, so the
 * same certificate gives the same bytes.
 */
export async function embedCertificateFonts(doc: PDFDocument, text: string): Promise<Record<FontKey, FontFace>> {
  doc.registerFontkit(certificateFontkit);
  // Embedded one after the other, so object numbers (and the file's bytes) do not depend on timing.
  const embed = async (file: FontFile, name: string): Promise<PDFFont> =>
    doc.embedFont(await assetBytes(file), { subset: true, customName: `${subsetTag(name, text)}+${name}`, features: fixedWidthFeatures });
  await Promise.all([fontFiles.regular, fontFiles.bold, fontFiles.mono].map(assetBytes));
  const regular = await embed(fontFiles.regular, 'NotoSans-Regular');
  const bold = await embed(fontFiles.bold, 'NotoSans-Bold');
  const mono = await embed(fontFiles.mono, 'NotoSansMono-Regular');
  const covered = new Set([...regular.getCharacterSet(), ...bold.getCharacterSet()]);
  const needsFallback = Array.from(text).some((char) => !/\s/u.test(char) && !covered.has(char.codePointAt(0) ?? 0));
  const cjk = needsFallback ? await embed(fontFiles.cjk, 'DroidSansFallbackFull') : null;
  return { regular: new FontFace(regular, cjk), bold: new FontFace(bold, cjk), mono: new FontFace(mono, cjk) };
}

/**
 * OpenType features off when shaping, so every character keeps its own glyph and advance width (no
 * ligatures such as "fi", no contextual alternates): widths measured per character hold for the line.
 */
const fixedWidthFeatures = { liga: false, clig: false, calt: false, dlig: false, rlig: false } as const;

/** The subset writer's internals this module relies on (`@pdf-lib/fontkit` 1.1.1, TTFSubset). */
interface TtfSubsetInternals {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(gid: number): number;
}

const evenGlyphRecords = Symbol('evenGlyphRecords');

/** Pads every glyph record a TrueType subset writes to an even length (see above); once per class. */
function withEvenGlyphRecords(font: { createSubset(): unknown }): void {
  const proto = Object.getPrototypeOf(font.createSubset()) as TtfSubsetInternals & { [evenGlyphRecords]?: true };
  if (typeof proto._addGlyph !== 'function' || proto[evenGlyphRecords]) return;
  const addGlyph = proto._addGlyph;
  proto._addGlyph = function (this: TtfSubsetInternals, gid: number): number {
    const index = addGlyph.call(this, gid);
    const record = this.glyf[index];
    if (record && record.length % 2 === 1) {
      // fontkit's own Buffer class (a Uint8Array), which its encoder expects.
      const padded = (record.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(record.length + 1);
      padded.set(record);
      this.glyf[index] = padded;
      this.offset += 1;
    }
    return index;
  };
  proto[evenGlyphRecords] = true;
}

/** fontkit, with TrueType subsets padded (CFF fonts have no `loca` and are left as they are). */
export const certificateFontkit: Parameters<PDFDocument['registerFontkit']>[0] = {
  create(buffer: Uint8Array, postscriptName?: string) {
    const font = fontkit.create(buffer, postscriptName);
    const tables = (font as unknown as { directory?: { tables?: Record<string, unknown> } }).directory?.tables ?? {};
    if ('loca' in tables) withEvenGlyphRecords(font as unknown as { createSubset(): unknown });
    return font;
  },
};

/** Six capital letters (ISO 32000-1, 9.6.4), from a hash of the font's name and the text. */
function subsetTag(name: string, text: string): string {
  const digest = createHash('sha256').update(`${name}\n${text}`, 'utf8').digest();
  return Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
}
