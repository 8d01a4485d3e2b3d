/**
 * The PDF signature dictionary (ISO 32000-1, 12.8; PAdES, ETSI EN 319 142-1): an invisible signature
 * field on page 1 whose /V dictionary has /Filter /Adobe.PPKLite, /SubFilter /ETSI.CAdES.detached, a
 * /ByteRange placeholder and a zero-filled /Contents hex string that the CMS signature later fills
 * (`@signpdf/placeholder-pdf-lib`). PAdES puts the claimed signing time in the dictionary's /M entry
 * rather than in a CMS signing-time attribute; it is written when the page is rendered and replaced by
 * the actual signing time, at the same length, just before signing.
 */
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { PDFString, type PDFDocument, type PDFPage } from 'pdf-lib';

export const subFilterCadesDetached = 'ETSI.CAdES.detached';

/**
 * Room for the DER CMS signature, in bytes: an RSA or ECDSA signature with the signer certificate and
 * a chain of several certificates (a typical certificate is 1-2 KB). /Contents is a hex string, so the
 * placeholder is twice as many characters long.
 */
export const signatureCapacityBytes = 12_288;

export interface SignaturePlaceholderOptions {
  readonly reason: string;
  readonly name: string;
  readonly location: string;
  readonly contactInfo: string;
  readonly claimedSigningTime: Date;
}

export function addSignaturePlaceholder(doc: PDFDocument, page: PDFPage, options: SignaturePlaceholderOptions): void {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    pdfPage: page,
    reason: options.reason,
    name: options.name,
    location: options.location,
    contactInfo: options.contactInfo,
    signingTime: options.claimedSigningTime,
    // @signpdf's signatureLength is the placeholder's length in characters, i.e. hex digits.
    signatureLength: signatureCapacityBytes * 2,
    subFilter: subFilterCadesDetached,
    widgetRect: [0, 0, 0, 0],
  });
}

const latin1 = new TextDecoder('latin1');

/** The PDF date string pdf-lib writes for `date` (`D:YYYYMMDDHHmmSSZ`, UTC, 17 characters). */
export function pdfDate(date: Date): string {
  const year = date.getUTCFullYear();
  if (!Number.isFinite(date.getTime()) || year < 1000 || year > 9999) throw new RangeError(`Unsupported signing time: ${String(date)}`);
  return PDFString.fromDate(date).asString();
}

/**
 * Replaces the /M value of the (single, unsigned) signature dictionary by `signingTime`. The new value
 * has the same length, so no offset in the file moves.
 */
export function withClaimedSigningTime(pdf: Uint8Array, signingTime: Date): Uint8Array {
  const text = latin1.decode(pdf);
  const byteRange = text.search(/\/ByteRange\s*\[\s*0\s+\/\*{10}/);
  if (byteRange < 0) throw new Error('The PDF has no unsigned signature placeholder');
  const contents = text.indexOf('/Contents <', byteRange);
  const contentsEnd = contents < 0 ? -1 : text.indexOf('>', contents);
  const dictionaryEnd = contentsEnd < 0 ? -1 : text.indexOf('>>', contentsEnd);
  const match = /\/M \((D:\d{14}Z)\)/.exec(text.slice(contentsEnd, dictionaryEnd));
  if (contentsEnd < 0 || dictionaryEnd < 0 || !match) throw new Error('The signature dictionary has no /M entry');
  const start = contentsEnd + match.index + '/M ('.length;
  const replacement = new TextEncoder().encode(pdfDate(signingTime));
  if (replacement.length !== match[1]!.length) throw new Error('The signing time changes the length of /M');
  const out = new Uint8Array(pdf);
  out.set(replacement, start);
  return out;
}
