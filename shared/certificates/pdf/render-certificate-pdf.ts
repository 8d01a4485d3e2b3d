/**
 * Renders the certificate as a one-page PDF (ISO 32000-1, written by pdf-lib) with an empty PAdES
 * signature field, ready for `signCertificatePdf`.
 *
 * Fonts: the standard 14 fonts Helvetica, Helvetica-Bold and Courier (not embedded, WinAnsiEncoding);
 * text outside WinAnsi is transliterated or replaced (see `win-ansi-text.ts`) and the exact text is kept
 * in the document information dictionary (Title, Subject, Keywords as UTF-16 text strings).
 *
 * Deterministic: the same input gives the same bytes. Dates in the information dictionary and the
 * signature's claimed time are `issued_at`, Creator and Producer are fixed, the trailer /ID is derived
 * from the certificate, pdf-lib's resource names come from its fixed-seed generator, and the file is
 * written without object streams (as the signature's byte-range handling needs).
 */
import { createHash } from 'node:crypto';
import { degrees, PDFDocument, PDFHexString, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { certificateContent, serviceName, issuerLine, statusLabel, type CertificatePdfInput } from './certificate-pdf-content.ts';
import { layoutCertificatePdf, palette, type CertificatePdfLayout, type ColorKey, type FontKey, type LayoutFonts, type LayoutItem } from './certificate-pdf-layout.ts';
import { addSignaturePlaceholder } from './signature-placeholder.ts';

export type { CertificatePdfInput } from './certificate-pdf-content.ts';

export const pdfCreator = `${serviceName} certificate renderer`;
export const pdfProducer = 'pdf-lib 1.17.1';

const standardFonts: Readonly<Record<FontKey, StandardFonts>> = {
  regular: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
  mono: StandardFonts.Courier,
};

/** The unsigned certificate PDF with a signature placeholder. */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const issuedAt = parseIssuedAt(input.certificate.issued_at);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc);
  const layout = layoutCertificatePdf(certificateContent(input), layoutFonts(fonts));
  const page = doc.addPage([layout.page.width, layout.page.height]);
  drawLayout(page, layout, fonts);

  setMetadata(doc, input, issuedAt);
  addSignaturePlaceholder(doc, page, {
    reason: `${issuerLine} ${input.certificate.verification_id}`,
    name: serviceName,
    location: '',
    contactInfo: '',
    claimedSigningTime: issuedAt,
  });
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/** The layout the renderer draws for `input` (fonts measured as in the PDF). */
export async function certificatePdfLayout(input: CertificatePdfInput): Promise<CertificatePdfLayout> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  return layoutCertificatePdf(certificateContent(input), layoutFonts(await embedFonts(doc)));
}

async function embedFonts(doc: PDFDocument): Promise<Record<FontKey, PDFFont>> {
  const [regular, bold, mono] = await Promise.all([
    doc.embedFont(standardFonts.regular),
    doc.embedFont(standardFonts.bold),
    doc.embedFont(standardFonts.mono),
  ]);
  return { regular, bold, mono };
}

/** Layout metrics from the embedded fonts; the characters all three can encode. */
function layoutFonts(fonts: Record<FontKey, PDFFont>): LayoutFonts {
  const sets = Object.values(fonts).map((font) => new Set(font.getCharacterSet()));
  const [first, ...rest] = sets;
  const charset = new Set([...(first ?? [])].filter((codePoint) => rest.every((set) => set.has(codePoint))));
  return { fonts, charset };
}

function drawLayout(page: PDFPage, layout: CertificatePdfLayout, fonts: Record<FontKey, PDFFont>): void {
  for (const item of layout.items) drawItem(page, item, fonts);
}

function color(key: ColorKey) {
  const [r, g, b] = palette[key];
  return rgb(r, g, b);
}

function drawItem(page: PDFPage, item: LayoutItem, fonts: Record<FontKey, PDFFont>): void {
  switch (item.kind) {
    case 'text':
      page.drawText(item.text, { x: item.x, y: item.y, size: item.size, font: fonts[item.font], color: color(item.color) });
      return;
    case 'rect':
      page.drawRectangle({ x: item.x, y: item.y, width: item.width, height: item.height, color: color(item.fill) });
      return;
    case 'line':
      page.drawLine({ start: { x: item.x1, y: item.y1 }, end: { x: item.x2, y: item.y2 }, thickness: item.thickness, color: color(item.color) });
      return;
    case 'path':
      page.drawSvgPath(item.path, {
        x: item.x,
        y: item.y,
        scale: item.scale,
        ...(item.fill ? { color: color(item.fill) } : {}),
        ...(item.stroke ? { borderColor: color(item.stroke), borderWidth: (item.strokeWidth ?? 1) / item.scale } : {}),
      });
      return;
    case 'watermark':
      page.drawText(item.text, {
        x: item.x,
        y: item.y,
        size: item.size,
        font: fonts[item.font],
        color: color(item.color),
        opacity: item.opacity,
        rotate: degrees(item.angleDegrees),
      });
      return;
  }
}

/**
 * Document information (ISO 32000-1, 14.3.3). Title, Subject and Keywords carry the exact values,
 * including characters the page's fonts cannot show.
 */
function setMetadata(doc: PDFDocument, input: CertificatePdfInput, issuedAt: Date): void {
  const c = input.certificate;
  const name = c.provider.name ?? 'no matching license';
  doc.setTitle(`${c.mode === 'test' ? 'TEST ' : ''}License verification certificate: ${name}`, { showInWindowTitleBar: true });
  doc.setSubject(
    [
      `Provider: ${c.provider.name ?? '-'}`,
      `NPI: ${c.provider.npi ?? '-'}`,
      `License: ${c.provider.license_number ?? '-'}`,
      `State: ${c.provider.state}`,
      `Status: ${statusLabel(c.result.status)}`,
      `Verified: ${c.result.verified ? 'yes' : 'no'}`,
      `Mode: ${c.mode}`,
      `Issued: ${c.issued_at}`,
    ].join('; '),
  );
  doc.setKeywords([c.verification_id, c.certificate_hash, c.signing_key_id, input.recordUrl]);
  doc.setAuthor(serviceName);
  doc.setCreator(pdfCreator);
  doc.setProducer(pdfProducer);
  doc.setLanguage('en-US');
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);
  // File identifier (ISO 32000-1, 14.4): both halves from the certificate, so re-rendering is stable.
  const id = createHash('sha256').update(`${c.verification_id}\n${c.certificate_hash}`, 'utf8').digest('hex').slice(0, 32);
  doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
}

function parseIssuedAt(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`The certificate's issued_at is not a date: ${value}`);
  return date;
}
