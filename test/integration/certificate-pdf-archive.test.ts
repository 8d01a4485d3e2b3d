/**
 * The certificate PDF as an archival document: names in any script drawn with embedded fonts, PDF/A-2b
 * identification (XMP, sRGB output intent, file identifier), a signature that still verifies, and the
 * fonts found by a bundled copy of the renderer. Checked with poppler (pdftotext, pdffonts, pdfinfo,
 * pdfsig) and qpdf where present; no PDF/A validator is run.
 */
import fontkit from '@pdf-lib/fontkit';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetsDirectory, certificateFontkit, fontFiles } from '#shared/features/certificates/pdf/certificate-fonts.ts';
import { ensureLocalPdfSigningMaterial } from '#shared/features/certificates/pdf/local-pdf-signing-material.ts';
import { renderCertificatePdf } from '#shared/features/certificates/pdf/render-certificate-pdf.ts';
import { signCertificatePdf } from '#shared/features/certificates/pdf/sign-pdf.ts';
import { bundleFolderCommands, esbuildOptions } from '#shared/platform/infra/function-bundling.ts';
import { routes } from '#shared/platform/infra/routes.ts';
import { testModeInput, verifiedInput, withName } from '../fixtures/pdf/certificate-pdf-inputs.ts';
import { pdfsig, pdfText, withPdfFile } from '../fixtures/pdf/poppler.ts';

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '..', '..');

const greek = 'Ελένη Παπαδοπούλου';
const cyrillic = 'Анна Иванова';
const cjk = '王小明';

let dir: string;
let multilingual: Uint8Array;
let notVerifiedCjk: Uint8Array;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdf-archive-'));
  multilingual = await renderCertificatePdf(withName(verifiedInput(), `${greek} ${cyrillic} ${cjk}`));
  const negative = withName(testModeInput(), cjk);
  notVerifiedCjk = await renderCertificatePdf({ ...negative, certificate: { ...negative.certificate, mode: 'live' } });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `pdffonts` rows: name, type, encoding, emb, sub, uni. */
function pdffonts(pdf: Uint8Array): Promise<{ name: string; embedded: string; unicode: string }[]> {
  return withPdfFile(pdf, async (path) => {
    const { stdout } = await run('pdffonts', [path]);
    return stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim().length > 0)
      .map((line) => {
        const columns = line.trim().split(/\s+/);
        return { name: columns[0] ?? '', embedded: columns.at(-5) ?? '', unicode: columns.at(-3) ?? '' };
      });
  });
}

describe('certificate PDF for the archive', () => {
  it('prints Greek, Cyrillic and CJK names exactly, with every font embedded', async () => {
    const text = await pdfText(multilingual);
    expect(text).toContain(`${greek} ${cyrillic} ${cjk}`);
    expect(text).not.toContain('replaced by "?"');
    const fonts = await pdffonts(multilingual);
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'DroidSansFallbackFull',
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansMono-Regular',
    ]);
    for (const font of fonts) {
      expect(font.embedded, font.name).toBe('yes');
      expect(font.unicode, font.name).toBe('yes');
      expect(font.name, 'a subset, named with a tag').toMatch(/^[A-Z]{6}\+/);
    }
  });

  it('embeds the CJK font only when the text needs it', async () => {
    const fonts = await pdffonts(await renderCertificatePdf(verifiedInput()));
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansMono-Regular']);
    expect(fonts.every((font) => font.embedded === 'yes')).toBe(true);
    // Subsets keep the file small although the CJK font file is 4 MB.
    expect(multilingual.length).toBeLessThan(150_000);
  });

  it('writes glyphs that draw as in the font file (subset glyph records stay aligned)', async () => {
    const source = fontkit.create(await readFile(new URL(fontFiles.regular, assetsDirectory)));
    const font = certificateFontkit.create(await readFile(new URL(fontFiles.regular, assetsDirectory)));
    const glyphs = Array.from(`${greek} ${cyrillic} Registered nurse`, (char) => font.glyphForCodePoint(char.codePointAt(0) ?? 0));
    const subset = font.createSubset();
    const ids = glyphs.map((glyph) => subset.includeGlyph(glyph));
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const parts: Uint8Array[] = [];
      subset
        .encodeStream()
        .on('data', (part: Uint8Array) => parts.push(part))
        .on('end', () => resolve(Buffer.concat(parts)));
    });
    const reparsed = fontkit.create(bytes);
    glyphs.forEach((glyph, i) => {
      const original = source.getGlyph(glyph.id);
      const copy = reparsed.getGlyph(ids[i] ?? 0);
      expect(copy.path.toSVG(), `glyph ${glyph.id}`).toBe(original.path.toSVG());
      expect(copy.bbox, `glyph ${glyph.id}`).toEqual(original.bbox);
    });
  });

  it('declares PDF/A-2b in XMP that repeats the document information, with an sRGB output intent and a file identifier', async () => {
    const meta = await withPdfFile(multilingual, async (path) => (await run('pdfinfo', ['-meta', path])).stdout);
    expect(meta).toContain('<pdfaid:part>2</pdfaid:part>');
    expect(meta).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(meta).toContain(`License verification certificate: ${greek} ${cyrillic} ${cjk}`);
    expect(meta).toContain('<xmp:CreateDate>2026-03-14T15:09:26Z</xmp:CreateDate>');
    expect(meta).toMatch(/<xmpMM:DocumentID>uuid:[0-9a-f-]{36}<\/xmpMM:DocumentID>/);

    const doc = await PDFDocument.load(multilingual, { updateMetadata: false });
    const metadata = doc.catalog.lookup(PDFName.of('Metadata'));
    expect(metadata).toBeInstanceOf(PDFRawStream);
    expect((metadata as PDFRawStream).dict.get(PDFName.of('Filter')), 'metadata is not compressed').toBeUndefined();
    const intents = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
    expect(intents.size()).toBe(1);
    const intent = intents.lookup(0, PDFDict);
    expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
    expect(intent.lookup(PDFName.of('OutputConditionIdentifier'), PDFString).asString()).toBe('sRGB IEC61966-2.1');
    const profile = intent.lookup(PDFName.of('DestOutputProfile'));
    expect(profile).toBeInstanceOf(PDFRawStream);
    expect((profile as PDFRawStream).dict.get(PDFName.of('N'))?.toString()).toBe('3');
    expect(doc.context.trailerInfo.ID).toBeDefined();
  });

  it('passes qpdf --check, and its signature still verifies', async () => {
    const material = await ensureLocalPdfSigningMaterial(join(dir, 'local'));
    const signed = await signCertificatePdf(multilingual, material, new Date('2026-03-14T15:09:26.535Z'));
    const check = await withPdfFile(signed, async (path) => (await run('qpdf', ['--check', path])).stdout);
    expect(check).toContain('No syntax or stream encoding errors found');
    expect(await pdfsig(signed)).toContain('Signature is Valid.');
  });

  it('prints the not-verified CJK certificate exactly, with every font embedded', async () => {
    expect(await pdfText(notVerifiedCjk)).toContain(cjk);
    const fonts = await pdffonts(notVerifiedCjk);
    expect(fonts.some((font) => font.name.endsWith('+DroidSansFallbackFull'))).toBe(true);
    expect(fonts.every((font) => font.embedded === 'yes')).toBe(true);
  });

  it("finds its fonts in the PDF function's bundle", async () => {
    const route = routes.find((r) => r.id === 'GetCertificatePdf');
    expect(route?.bundleFolders).toEqual(['shared/features/certificates/pdf/assets']);
    const outDir = join(dir, 'bundle');
    const outFile = join(outDir, 'index.mjs');
    await build({
      ...esbuildOptions(join(repoRoot, 'shared/features/certificates/pdf/render-certificate-pdf.ts'), outFile, join(repoRoot, 'tsconfig.json')),
      sourcemap: false,
      logLevel: 'error',
    });
    for (const command of bundleFolderCommands(repoRoot, outDir, route?.bundleFolders ?? [])) await run('sh', ['-c', command]);
    const bundled = (await import(pathToFileURL(outFile).href)) as typeof import('#shared/features/certificates/pdf/render-certificate-pdf.ts');
    const pdf = await bundled.renderCertificatePdf(withName(verifiedInput(), `${greek} ${cjk}`));
    expect(await pdfText(pdf)).toContain(`${greek} ${cjk}`);
    expect((await pdffonts(pdf)).every((font) => font.embedded === 'yes')).toBe(true);
  });
});
