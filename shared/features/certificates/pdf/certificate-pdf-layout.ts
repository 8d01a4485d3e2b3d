/**
 * The certificate page as data: every text line, rule, panel, the mark, the QR code and the test
 * watermark, with absolute positions on one A4 page (ISO 216, 595.28 x 841.89 pt; PDF user space,
 * origin bottom left). Drawing (`render-certificate-pdf.ts`) only paints these items, so tests can check
 * that every line fits its column and the page before anything is drawn.
 *
 * The letterhead's shield mark (with its check) is drawn only on a certificate whose verdict is YES, so
 * a NO certificate carries no sign of approval.
 *
 * Fitting: text is fitted to the characters the embedded fonts can draw and wrapped with their advance
 * widths. Values are limited to a few lines (the full text stays in the online record and the PDF's
 * metadata). When the regular spacing does not fit one page, a snug and then a compact spacing is used,
 * and when even that does not fit, the sources table lists as many sources as fit and says how many more there are.
 */
import type { CertificateContent, DetailRow, SourceRow, Tone } from './certificate-pdf-content.ts';
import { qrCodePath, type QrCodePath } from './qr-code-path.ts';
import { wrapTextClamped, type MeasuringFont } from './text-wrap.ts';
import { fitToCharset } from './win-ansi-text.ts';

export const pageSize = { width: 595.28, height: 841.89 } as const;
export const pageMargin = 48;

export type FontKey = 'regular' | 'bold' | 'mono';
export type ColorKey = 'ink' | 'muted' | 'brand' | 'rule' | 'good' | 'goodTint' | 'bad' | 'badTint' | 'test' | 'white';

/** RGB, 0..1. */
export const palette: Readonly<Record<ColorKey, readonly [number, number, number]>> = {
  ink: [0.1, 0.12, 0.17],
  muted: [0.36, 0.4, 0.46],
  brand: [0.12, 0.23, 0.37],
  rule: [0.82, 0.85, 0.89],
  good: [0.1, 0.47, 0.24],
  goodTint: [0.92, 0.96, 0.93],
  bad: [0.7, 0.14, 0.09],
  badTint: [0.99, 0.93, 0.92],
  test: [0.78, 0.16, 0.16],
  white: [1, 1, 1],
};

export interface LayoutFont extends MeasuringFont {
  heightAtSize(size: number, options?: { descender?: boolean }): number;
}

export interface LayoutFonts {
  readonly fonts: Readonly<Record<FontKey, LayoutFont>>;
  /** Unicode code points every face can draw. */
  readonly charset: ReadonlySet<number>;
}

export interface Box {
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
  readonly top: number;
}

export interface TextItem {
  readonly kind: 'text';
  readonly text: string;
  /** Left end of the baseline. */
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly font: FontKey;
  readonly color: ColorKey;
  /** Advance width of `text` at `size`. */
  readonly width: number;
  /** Right edge of the column the line was wrapped for. */
  readonly maxX: number;
}

export interface RectItem {
  readonly kind: 'rect';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly fill: ColorKey;
}

export interface LineItem {
  readonly kind: 'line';
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly thickness: number;
  readonly color: ColorKey;
}

export interface PathItem {
  readonly kind: 'path';
  readonly role: 'mark' | 'mark-check' | 'qr';
  /** Top left corner; the path's y axis points down (SVG convention), scaled by `scale`. */
  readonly x: number;
  readonly y: number;
  readonly scale: number;
  readonly path: string;
  /** Extent on the page, in points. */
  readonly width: number;
  readonly height: number;
  readonly fill?: ColorKey;
  readonly stroke?: ColorKey;
  readonly strokeWidth?: number;
}

export interface WatermarkItem {
  readonly kind: 'watermark';
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly font: FontKey;
  readonly color: ColorKey;
  readonly opacity: number;
  readonly angleDegrees: number;
  /** Bounding box of the rotated text. */
  readonly bounds: Box;
}

export type LayoutItem = TextItem | RectItem | LineItem | PathItem | WatermarkItem;

export interface CertificatePdfLayout {
  readonly page: { readonly width: number; readonly height: number };
  /** The area inside the margins; every item lies within it. */
  readonly content: Box;
  readonly items: readonly LayoutItem[];
  readonly density: 'regular' | 'snug' | 'compact';
  readonly sourcesShown: number;
  /** Some characters were replaced to fit the fonts' character set. */
  readonly substituted: boolean;
  /** Some values were shortened to a few lines. */
  readonly shortened: boolean;
}

interface Density {
  readonly name: 'regular' | 'snug' | 'compact';
  readonly body: number;
  readonly label: number;
  readonly mono: number;
  readonly small: number;
  readonly headline: number;
  readonly lineFactor: number;
  readonly rowGap: number;
  readonly sectionGap: number;
  readonly qrSize: number;
}

const regular: Density = {
  name: 'regular',
  body: 10,
  label: 8.5,
  mono: 8.5,
  small: 7.5,
  headline: 18,
  lineFactor: 1.32,
  rowGap: 3.5,
  sectionGap: 16,
  qrSize: 112,
};
const snug: Density = {
  name: 'snug',
  body: 9.5,
  label: 8.25,
  mono: 8.25,
  small: 7.25,
  headline: 16,
  lineFactor: 1.27,
  rowGap: 2.5,
  sectionGap: 12,
  qrSize: 104,
};
const compact: Density = { name: 'compact', body: 9, label: 8, mono: 8, small: 7, headline: 15, lineFactor: 1.22, rowGap: 1.5, sectionGap: 9, qrSize: 96 };

const labelColumn = 118;
const qrColumn = 150;
const columnGap = 20;
/** Most evidence rows the page lists; the online record lists every one. */
const maxEvidenceRows = 6;
const maxLines = { name: 3, value: 2, source: 2, url: 4, summary: 3 } as const;

/** The shield mark, designed on a 40 x 44 grid. */
const markShield = 'M20 0L40 7V21C40 33 31.5 40.5 20 44C8.5 40.5 0 33 0 21V7Z';
const markCheck = 'M11 22.5L17.5 29L29.5 15.5';
const markGrid = { width: 40, height: 44 } as const;

export function layoutCertificatePdf(content: CertificateContent, fonts: LayoutFonts): CertificatePdfLayout {
  const qr = qrCodePath(content.recordUrl);
  const evidence = Math.min(content.evidence.length, maxEvidenceRows);
  for (const density of [regular, snug]) {
    const attempt = attemptLayout(content, fonts, qr, density, content.sources.length, evidence);
    if (attempt.fits) return attempt.layout;
  }
  // Evidence rows give way first (the online record lists every one), then sources.
  for (let shown = evidence; shown >= 0; shown -= 1) {
    const attempt = attemptLayout(content, fonts, qr, compact, content.sources.length, shown);
    if (attempt.fits) return attempt.layout;
  }
  for (let shown = content.sources.length; shown >= 0; shown -= 1) {
    const attempt = attemptLayout(content, fonts, qr, compact, shown, 0);
    if (attempt.fits) return attempt.layout;
  }
  throw new Error('The certificate does not fit on one page even with compact spacing and no sources listed');
}

function attemptLayout(
  content: CertificateContent,
  fonts: LayoutFonts,
  qr: QrCodePath,
  d: Density,
  sourcesShown: number,
  evidenceShown: number,
): { fits: boolean; layout: CertificatePdfLayout } {
  const box: Box = { left: pageMargin, bottom: pageMargin, right: pageSize.width - pageMargin, top: pageSize.height - pageMargin };
  const w = new PageWriter(fonts, d);
  const width = box.right - box.left;

  // Letterhead: mark (verified certificates only), service name, issuer line, rule.
  const markScale = 0.8;
  if (content.outcome.verified) {
    w.push({
      kind: 'path',
      role: 'mark',
      x: box.left,
      y: box.top,
      scale: markScale,
      path: markShield,
      width: markGrid.width * markScale,
      height: markGrid.height * markScale,
      fill: 'brand',
    });
    w.push({
      kind: 'path',
      role: 'mark-check',
      x: box.left,
      y: box.top,
      scale: markScale,
      path: markCheck,
      width: markGrid.width * markScale,
      height: markGrid.height * markScale,
      stroke: 'white',
      strokeWidth: 3.2,
    });
  }
  const titleX = content.outcome.verified ? box.left + markGrid.width * markScale + 12 : box.left;
  w.line(content.serviceName, titleX, box.top - 17, 17, 'bold', 'brand', box.right);
  w.line(content.issuerLine, titleX, box.top - 32, 9.5, 'regular', 'muted', box.right);
  let y = box.top - markGrid.height * markScale - 8;
  w.push({ kind: 'line', x1: box.left, y1: y, x2: box.right, y2: y, thickness: 1.2, color: 'brand' });
  y -= 14;

  // Test-mode banner.
  if (content.testMode) {
    const bannerHeight = d.name === 'compact' ? 22 : 26;
    w.push({ kind: 'rect', x: box.left, y: y - bannerHeight, width, height: bannerHeight, fill: 'test' });
    const size = d.name === 'compact' ? 11.5 : 13;
    const markWidth = fonts.fonts.bold.widthOfTextAtSize(content.testMark, size);
    w.line(content.testMark, box.left + (width - markWidth) / 2, y - bannerHeight / 2 - size * 0.35, size, 'bold', 'white', box.right);
    y -= bannerHeight + 5;
    y = w.paragraph(content.testNotice, box.left, y, width, d.label, 'regular', 'test', 2);
    y -= d.sectionGap * 0.6;
  }

  // Outcome panel.
  {
    const tone: Tone = content.outcome.verified ? 'good' : 'bad';
    const innerX = box.left + 18;
    const innerWidth = box.right - 14 - innerX;
    const summary = w.wrap(content.outcome.summary, 'regular', d.body, innerWidth, maxLines.summary);
    const lineHeight = d.body * d.lineFactor;
    const pad = d.name === 'compact' ? 8 : 11;
    const height = pad + d.headline * 1.05 + 5 + summary.length * lineHeight + pad - 3;
    w.push({ kind: 'rect', x: box.left, y: y - height, width, height, fill: tone === 'good' ? 'goodTint' : 'badTint' });
    w.push({ kind: 'rect', x: box.left, y: y - height, width: 5, height, fill: tone });
    const headlineBaseline = y - pad - d.headline * 0.76;
    w.line(content.outcome.headline, innerX, headlineBaseline, d.headline, 'bold', tone, box.right - 14);
    if (content.outcome.confidence !== null) {
      // The match confidence beside the verdict, on its baseline.
      const size = d.body + 1;
      const headlineRight = innerX + fonts.fonts.bold.widthOfTextAtSize(content.outcome.headline, d.headline);
      const [text = ''] = w.wrap(content.outcome.confidence, 'regular', size, box.right - 14 - headlineRight - 16, 1);
      w.line(text, headlineRight + 16, headlineBaseline, size, 'regular', 'ink', box.right - 14);
    }
    let lineTop = y - pad - d.headline * 1.05 - 5;
    for (const line of summary) {
      w.line(line, innerX, lineTop - d.body * 0.78, d.body, 'regular', 'ink', box.right - 14);
      lineTop -= lineHeight;
    }
    y -= height + d.sectionGap;
  }

  y = w.heading('Provider', box, y);
  y = w.rows(content.provider, box, y);
  y -= d.sectionGap - d.rowGap;

  y = w.heading('Result', box, y);
  y = w.rows(content.result, box, y);
  y -= d.sectionGap - d.rowGap;

  y = w.heading('Sources checked', box, y);
  y = w.sources(content.sources, sourcesShown, box, y);
  y -= d.sectionGap;

  y = w.heading('Certificate record', box, y);
  y = w.rows(content.record, box, y);
  y -= d.sectionGap - d.rowGap;

  if (content.evidence.length > 0) {
    y = w.heading('Evidence (SHA-256 of what each source said)', box, y);
    y = w.rows(content.evidence.slice(0, evidenceShown), box, y);
    const hidden = content.evidence.length - evidenceShown;
    if (hidden > 0) {
      const count = `${hidden} evidence hash${hidden === 1 ? '' : 'es'}`;
      const more = `${hidden === content.evidence.length ? count : `\u2026 and ${hidden} more`}: see the online record`;
      w.line(more, box.left, y - d.body * 0.78, d.body, 'regular', 'muted', box.right);
      y -= d.body * d.lineFactor;
    }
    y -= d.sectionGap - d.rowGap;
  }

  // Scope statement (left) and QR code with the record URL under it (right), then notes; moved down
  // to sit just above the footer when the page has room to spare.
  const blockStart = w.items.length;
  const qrLeft = box.right - qrColumn;
  const statementWidth = qrLeft - columnGap - box.left;
  let left = y;
  for (const part of content.coverage) {
    w.line(w.fit(part.heading.toUpperCase()), box.left, left - d.label * 0.78, d.label, 'bold', 'brand', box.left + statementWidth);
    left -= d.label * d.lineFactor + 2;
    left = w.paragraph(part.text, box.left, left, statementWidth, d.label + 0.5, 'regular', 'ink', 8);
    left -= 8;
  }
  let right = y;
  const captionLines = w.wrap(content.qrCaption, 'regular', d.small, qrColumn, 2);
  for (const line of captionLines) {
    const lineWidth = fonts.fonts.regular.widthOfTextAtSize(line, d.small);
    w.line(line, qrLeft + (qrColumn - lineWidth) / 2, right - d.small * 0.78, d.small, 'regular', 'muted', box.right);
    right -= d.small * d.lineFactor;
  }
  const qrX = qrLeft + (qrColumn - d.qrSize) / 2;
  w.push({ kind: 'path', role: 'qr', x: qrX, y: right, scale: d.qrSize / qr.modules, path: qr.path, width: d.qrSize, height: d.qrSize, fill: 'ink' });
  right -= d.qrSize;
  for (const line of w.wrap(content.recordUrl, 'regular', d.small, qrColumn, maxLines.url)) {
    const lineWidth = fonts.fonts.regular.widthOfTextAtSize(line, d.small);
    w.line(line, qrLeft + (qrColumn - lineWidth) / 2, right - d.small * 0.78, d.small, 'regular', 'ink', box.right);
    right -= d.small * d.lineFactor;
  }
  y = Math.min(left, right);

  // Notes on substituted or shortened text, then the footer at the bottom margin.
  const notes: string[] = [];
  if (w.substituted)
    notes.push(
      'Characters this PDF\'s fonts cannot show are replaced by "?" or an unaccented letter; the exact text is in the document properties (title and subject) and the online record.',
    );
  if (w.shortened) notes.push('Values ending in "\u2026" are shortened here; the online record has them in full.');
  if (sourcesShown < content.sources.length) notes.push('Not every source fits on this page; the online record lists them all.');
  for (const note of notes) y = w.paragraph(note, box.left, y, width, d.small, 'regular', 'muted', 3);

  const footerLines = w.wrap(content.footer, 'regular', d.small, width, 3);
  const footerLineHeight = d.small * d.lineFactor;
  const footerTop = box.bottom + footerLines.length * footerLineHeight + 6;
  const spare = y - (footerTop + 14);
  if (spare > 0) {
    w.shiftDown(blockStart, spare);
    y -= spare;
  }
  w.push({ kind: 'line', x1: box.left, y1: footerTop, x2: box.right, y2: footerTop, thickness: 0.6, color: 'rule' });
  let footerLineTop = footerTop - 6;
  for (const line of footerLines) {
    w.line(line, box.left, footerLineTop - d.small * 0.78, d.small, 'regular', 'muted', box.right);
    footerLineTop -= footerLineHeight;
  }

  if (content.testMode) w.push(watermark(content.testMark, fonts.fonts.bold, box));

  return {
    fits: y >= footerTop + 6,
    layout: {
      page: { width: pageSize.width, height: pageSize.height },
      content: box,
      items: w.items,
      density: d.name,
      sourcesShown,
      substituted: w.substituted,
      shortened: w.shortened,
    },
  };
}

/** Collects items and tracks whether any text had to be changed to fit. */
class PageWriter {
  readonly items: LayoutItem[] = [];
  substituted = false;
  shortened = false;

  constructor(
    private readonly fonts: LayoutFonts,
    private readonly d: Density,
  ) {}

  push(item: LayoutItem): void {
    this.items.push(item);
  }

  /** Moves the items from index `from` on down by `dy` points. */
  shiftDown(from: number, dy: number): void {
    for (let i = from; i < this.items.length; i += 1) {
      const item = this.items[i]!;
      this.items[i] = item.kind === 'line' ? { ...item, y1: item.y1 - dy, y2: item.y2 - dy } : item.kind === 'watermark' ? item : { ...item, y: item.y - dy };
    }
  }

  /** Fits text to the fonts' character set, remembering when that changed it. */
  fit(text: string): string {
    const fitted = fitToCharset(text, this.fonts.charset);
    if (!fitted.exact) this.substituted = true;
    return fitted.text;
  }

  wrap(text: string, font: FontKey, size: number, width: number, lines: number): string[] {
    const wrapped = wrapTextClamped(this.fit(text), this.fonts.fonts[font], size, width, lines);
    if (wrapped.truncated) this.shortened = true;
    return wrapped.lines;
  }

  /** One already-fitted line with its baseline at `y`. */
  line(text: string, x: number, y: number, size: number, font: FontKey, color: ColorKey, maxX: number): void {
    if (text.length === 0) return;
    this.items.push({ kind: 'text', text, x, y, size, font, color, width: this.fonts.fonts[font].widthOfTextAtSize(text, size), maxX });
  }

  /** A wrapped paragraph whose first line box starts at `top`; returns the top of the next line box. */
  paragraph(text: string, x: number, top: number, width: number, size: number, font: FontKey, color: ColorKey, lines: number): number {
    let lineTop = top;
    for (const line of this.wrap(text, font, size, width, lines)) {
      this.line(line, x, lineTop - size * 0.78, size, font, color, x + width);
      lineTop -= size * this.d.lineFactor;
    }
    return lineTop;
  }

  heading(title: string, box: Box, top: number): number {
    const size = this.d.label;
    this.line(title.toUpperCase(), box.left, top - size * 0.78, size, 'bold', 'brand', box.right);
    const ruleY = top - size - 3;
    this.push({ kind: 'line', x1: box.left, y1: ruleY, x2: box.right, y2: ruleY, thickness: 0.6, color: 'rule' });
    return ruleY - 6;
  }

  /** Label / value rows; the label and the value's first line share a baseline. */
  rows(rows: readonly DetailRow[], box: Box, top: number): number {
    const d = this.d;
    const valueX = box.left + labelColumn;
    const valueWidth = box.right - valueX;
    const lineHeight = d.body * d.lineFactor;
    let y = top;
    for (const row of rows) {
      const font: FontKey = row.style === 'mono' ? 'mono' : row.style === 'strong' ? 'bold' : 'regular';
      const size = row.style === 'mono' ? d.mono : d.body;
      const limit = row.label === 'Provider name' ? maxLines.name : maxLines.value;
      const labels = this.wrap(row.label, 'regular', d.label, labelColumn - 10, 2);
      const values = this.wrap(row.value, font, size, valueWidth, limit);
      const baseline = (index: number): number => y - d.body * 0.78 - index * lineHeight;
      for (const [i, line] of labels.entries()) this.line(line, box.left, baseline(i), d.label, 'regular', 'muted', valueX - 10);
      for (const [i, line] of values.entries()) this.line(line, valueX, baseline(i), size, font, toneColor(row.tone), box.right);
      y -= Math.max(labels.length, values.length) * lineHeight + d.rowGap;
    }
    return y;
  }

  /** The sources table: name, freshness (live / cached / unavailable) and as-of time. */
  sources(rows: readonly SourceRow[], shown: number, box: Box, top: number): number {
    const d = this.d;
    const columns = { name: box.left, freshness: box.left + 262, asOf: box.left + 348 } as const;
    const lineHeight = d.body * d.lineFactor;
    let y = top;
    if (rows.length === 0) {
      this.line('No sources recorded', columns.name, y - d.body * 0.78, d.body, 'regular', 'muted', box.right);
      return y - lineHeight;
    }
    this.line('Source', columns.name, y - d.label * 0.78, d.label, 'bold', 'muted', columns.freshness - 12);
    this.line('Freshness', columns.freshness, y - d.label * 0.78, d.label, 'bold', 'muted', columns.asOf - 12);
    this.line('As of', columns.asOf, y - d.label * 0.78, d.label, 'bold', 'muted', box.right);
    y -= d.label * d.lineFactor + 2;
    for (const row of rows.slice(0, shown)) {
      const names = this.wrap(row.name, 'regular', d.body, columns.freshness - 12 - columns.name, maxLines.source);
      const freshness = this.wrap(row.freshness, 'bold', d.body, columns.asOf - 12 - columns.freshness, 1);
      const asOf = this.wrap(row.asOf, 'regular', d.body, box.right - columns.asOf, 2);
      const baseline = (index: number): number => y - d.body * 0.78 - index * lineHeight;
      for (const [i, line] of names.entries()) this.line(line, columns.name, baseline(i), d.body, 'regular', 'ink', columns.freshness - 12);
      for (const [i, line] of freshness.entries()) this.line(line, columns.freshness, baseline(i), d.body, 'bold', toneColor(row.tone), columns.asOf - 12);
      for (const [i, line] of asOf.entries()) this.line(line, columns.asOf, baseline(i), d.body, 'regular', 'ink', box.right);
      y -= Math.max(names.length, freshness.length, asOf.length) * lineHeight + d.rowGap;
    }
    const hidden = rows.length - shown;
    if (hidden > 0) {
      const more = `\u2026 and ${hidden} more source${hidden === 1 ? '' : 's'}: see the online record`;
      this.line(more, columns.name, y - d.body * 0.78, d.body, 'regular', 'muted', box.right);
      y -= lineHeight;
    }
    return y;
  }
}

function toneColor(tone: Tone): ColorKey {
  return tone === 'good' ? 'good' : tone === 'bad' ? 'bad' : 'ink';
}

/**
 * The diagonal test-mode watermark, sized so the rotated text (bounding box of its cap-height box)
 * stays inside the margins, centred on the page.
 */
function watermark(text: string, font: LayoutFont, box: Box): WatermarkItem {
  const angle = Math.atan2(box.top - box.bottom, box.right - box.left) * 0.82;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const capRatio = 0.72;
  const unitWidth = font.widthOfTextAtSize(text, 1);
  const availableWidth = (box.right - box.left) * 0.94;
  const availableHeight = (box.top - box.bottom) * 0.94;
  const size = Math.min(availableWidth / (unitWidth * cos + capRatio * sin), availableHeight / (unitWidth * sin + capRatio * cos), 60);
  const textWidth = unitWidth * size;
  const capHeight = capRatio * size;
  const centre = { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 };
  // Rotating about the baseline start: the text's centre (w/2, h/2) moves to (w/2 cos - h/2 sin, w/2 sin + h/2 cos).
  const x = centre.x - (textWidth / 2) * cos + (capHeight / 2) * sin;
  const y = centre.y - (textWidth / 2) * sin - (capHeight / 2) * cos;
  const corners = [
    [0, 0],
    [textWidth, 0],
    [0, capHeight],
    [textWidth, capHeight],
  ].map(([u = 0, v = 0]) => ({ x: x + u * cos - v * sin, y: y + u * sin + v * cos }));
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  return {
    kind: 'watermark',
    text,
    x,
    y,
    size,
    font: 'bold',
    color: 'test',
    opacity: 0.13,
    angleDegrees: (angle * 180) / Math.PI,
    bounds: { left: Math.min(...xs), right: Math.max(...xs), bottom: Math.min(...ys), top: Math.max(...ys) },
  };
}
