/**
 * Renders the certificate as a one-page PDF (ISO 32000-1, written by pdf-lib) with an empty PAdES
 * signature field, ready for `signCertificatePdf`.
 *
 * Made for the archive as PDF/A-2b (ISO 19005-2, level B): every font embedded as a subset (Noto Sans,
 * Noto Sans Mono, and for Chinese, Japanese and Korean Droid Sans Fallback: `certificate-fonts.ts`), XMP
 * metadata and an sRGB output intent (`pdf-archive-metadata.ts`), a file identifier. The exact text is
 * also kept in the document information dictionary (Title, Subject, Keywords as UTF-16 text strings) and
 * the XMP metadata.
 *
 * Deterministic: the same input gives the same bytes. Dates in the information dictionary and the
 * signature's claimed time are `issued_at`, Creator and Producer are fixed, the trailer /ID is derived
 * from the certificate, pdf-lib's resource names come from its fixed-seed generator, and the file is
 * written without object streams (as the signature's byte-range handling needs).
 */
import { createHash } from 'node:crypto';
import { degrees, PDFDocument, PDFHexString, rgb, type PDFPage } from 'pdf-lib';
import { embedCertificateFonts, type FontFace } from './certificate-fonts.ts';
import {
  certificateContent,
  contentText,
  serviceName,
  issuerLine,
  statusLabel,
  type CertificateContent,
  type CertificatePdfInput,
} from './certificate-pdf-content.ts';
import {
  layoutCertificatePdf,
  palette,
  type CertificatePdfLayout,
  type ColorKey,
  type FontKey,
  type LayoutFonts,
  type LayoutItem,
} from './certificate-pdf-layout.ts';
import { addPdfArchiveMetadata } from './pdf-archive-metadata.ts';
import { addSignaturePlaceholder } from './signature-placeholder.ts';

export type { CertificatePdfInput } from './certificate-pdf-content.ts';

export const pdfCreator = `${serviceName} certificate renderer`;
export const pdfProducer = 'pdf-lib 1.17.1';

type Faces = Record<FontKey, FontFace>;

/** The unsigned certificate PDF with a signature placeholder. */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const issuedAt = parseIssuedAt(input.certificate.issued_at);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const content = certificateContent(input);
  const fonts = await embedFonts(doc, content);
  const layout = layoutCertificatePdf(content, layoutFonts(fonts));
  const page = doc.addPage([layout.page.width, layout.page.height]);
  drawLayout(page, layout, fonts);

  await setMetadata(doc, input, issuedAt);
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
  const content = certificateContent(input);
  return layoutCertificatePdf(content, layoutFonts(await embedFonts(doc, content)));
}

/** The page's fonts, with the CJK fallback only when the content needs it. */
function embedFonts(doc: PDFDocument, content: CertificateContent): Promise<Faces> {
  return embedCertificateFonts(doc, contentText(content));
}

/** Layout metrics from the embedded fonts; the characters all three can draw. */
function layoutFonts(fonts: Faces): LayoutFonts {
  const sets = Object.values(fonts).map((font) => font.charset);
  const [first, ...rest] = sets;
  const charset = new Set([...(first ?? [])].filter((codePoint) => rest.every((set) => set.has(codePoint))));
  return { fonts, charset };
}

function drawLayout(page: PDFPage, layout: CertificatePdfLayout, fonts: Faces): void {
  for (const item of layout.items) drawItem(page, item, fonts);
}

function color(key: ColorKey) {
  const [r, g, b] = palette[key];
  return rgb(r, g, b);
}

/**
 * Draws `text` run by run (primary font, CJK fallback) along a baseline from (x, y) at `angle`
 * degrees.
 */
function drawRuns(
  page: PDFPage,
  text: string,
  face: FontFace,
  x: number,
  y: number,
  size: number,
  options: { color: ColorKey; opacity?: number; angle?: number },
): void {
  const radians = ((options.angle ?? 0) * Math.PI) / 180;
  let advance = 0;
  for (const run of face.runs(text)) {
    page.drawText(run.text, {
      x: x + advance * Math.cos(radians),
      y: y + advance * Math.sin(radians),
      size,
      font: run.font,
      color: color(options.color),
      ...(options.opacity !== undefined ? { opacity: options.opacity } : {}),
      ...(options.angle !== undefined ? { rotate: degrees(options.angle) } : {}),
    });
    advance += run.font.widthOfTextAtSize(run.text, size);
  }
}

function drawItem(page: PDFPage, item: LayoutItem, fonts: Faces): void {
  switch (item.kind) {
    case 'text':
      drawRuns(page, item.text, fonts[item.font], item.x, item.y, item.size, { color: item.color });
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
      drawRuns(page, item.text, fonts[item.font], item.x, item.y, item.size, { color: item.color, opacity: item.opacity, angle: item.angleDegrees });
      return;
  }
}

/**
 * Document information (ISO 32000-1, 14.3.3) and the same in XMP, with the PDF/A identification and
 * output intent. Title, Subject and Keywords carry the exact values, including characters the page's
 * fonts cannot show.
 */
async function setMetadata(doc: PDFDocument, input: CertificatePdfInput, issuedAt: Date): Promise<void> {
  const c = input.certificate;
  const name = c.provider.name ?? 'no matching license';
  const title = `${c.mode === 'test' ? 'TEST ' : ''}License verification certificate: ${name}`;
  const subject = [
    `Provider: ${c.provider.name ?? '-'}`,
    `NPI: ${c.provider.npi ?? '-'}`,
    `License: ${c.provider.license_number ?? '-'}`,
    `State: ${c.provider.state}`,
    `Status: ${statusLabel(c.result.status)}`,
    `Verified: ${c.result.verified ? 'yes' : 'no'}`,
    `Mode: ${c.mode}`,
    `Issued: ${c.issued_at}`,
  ].join('; ');
  const keywords = [c.verification_id, c.certificate_hash, c.signing_key_id, input.recordUrl];
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setSubject(subject);
  doc.setKeywords(keywords);
  doc.setAuthor(serviceName);
  doc.setCreator(pdfCreator);
  doc.setProducer(pdfProducer);
  doc.setLanguage('en-US');
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);
  // File identifier (ISO 32000-1, 14.4): both halves from the certificate, so re-rendering is stable.
  const id = createHash('sha256').update(`${c.verification_id}\n${c.certificate_hash}`, 'utf8').digest('hex').slice(0, 32);
  doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
  await addPdfArchiveMetadata(doc, {
    title,
    author: serviceName,
    subject,
    keywords: keywords.join(' '),
    creator: pdfCreator,
    producer: pdfProducer,
    created: issuedAt,
    language: 'en-US',
    documentId: id,
  });
}

function parseIssuedAt(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`The certificate's issued_at is not a date: ${value}`);
  return date;
}
