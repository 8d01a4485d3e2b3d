/**
 * What makes the certificate a PDF/A-2b file (ISO 19005-2, level B) beyond its embedded fonts:
 *
 * - an XMP metadata stream on the catalog (6.6) that declares `pdfaid:part` 2 and `pdfaid:conformance` B
 *   and repeats the document information dictionary's entries (Title as dc:title, Author as dc:creator,
 *   Subject as dc:description, Keywords as pdf:Keywords, Creator as xmp:CreatorTool, Producer as
 *   pdf:Producer, CreationDate and ModDate as xmp:CreateDate and xmp:ModifyDate), with the file
 *   identifier as xmpMM:DocumentID; written uncompressed, UTF-8;
 * - an sRGB output intent (6.2.3) with an embedded ICC profile, since the page paints in DeviceRGB. The
 *   profile is "sRGB-v2-magic.icc" from Compact-ICC-Profiles (CC0 1.0): an ICC v2 sRGB profile in
 *   736 bytes.
 */
import { PDFName, PDFString, type PDFDocument } from 'pdf-lib';
import { assetBytes } from './certificate-fonts.ts';

export const srgbProfileFile = 'sRGB-v2-magic.icc';
export const outputConditionIdentifier = 'sRGB IEC61966-2.1';

export interface ArchiveMetadata {
  readonly title: string;
  readonly author: string;
  readonly subject: string;
  /** Exactly the Keywords string of the information dictionary. */
  readonly keywords: string;
  readonly creator: string;
  readonly producer: string;
  readonly created: Date;
  readonly language: string;
  /** The file identifier (32 hex digits), as in the trailer's /ID. */
  readonly documentId: string;
}

/** Adds the XMP metadata stream and the sRGB output intent to the catalog. */
export async function addPdfArchiveMetadata(doc: PDFDocument, metadata: ArchiveMetadata): Promise<void> {
  const { context, catalog } = doc;
  const xmp = context.stream(new TextEncoder().encode(xmpPacket(metadata)), { Type: 'Metadata', Subtype: 'XML' });
  catalog.set(PDFName.of('Metadata'), context.register(xmp));

  const profile = context.flateStream(await assetBytes(srgbProfileFile), { N: 3 });
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of(outputConditionIdentifier),
    Info: PDFString.of(outputConditionIdentifier),
    DestOutputProfile: context.register(profile),
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));
}

/** The XMP packet (ISO 16684-1) for `metadata`. */
export function xmpPacket(m: ArchiveMetadata): string {
  const date = xmpDate(m.created);
  const uuid =
    `uuid:${m.documentId.slice(0, 8)}-${m.documentId.slice(8, 12)}-${m.documentId.slice(12, 16)}-${m.documentId.slice(16, 20)}-${m.documentId.slice(20, 32)}`.toLowerCase();
  const alt = (value: string): string => `<rdf:Alt><rdf:li xml:lang="x-default">${xml(value)}</rdf:li></rdf:Alt>`;
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">',
    '<pdfaid:part>2</pdfaid:part>',
    '<pdfaid:conformance>B</pdfaid:conformance>',
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<dc:format>application/pdf</dc:format>',
    `<dc:title>${alt(m.title)}</dc:title>`,
    `<dc:creator><rdf:Seq><rdf:li>${xml(m.author)}</rdf:li></rdf:Seq></dc:creator>`,
    `<dc:description>${alt(m.subject)}</dc:description>`,
    `<dc:language><rdf:Bag><rdf:li>${xml(m.language)}</rdf:li></rdf:Bag></dc:language>`,
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">',
    `<xmp:CreatorTool>${xml(m.creator)}</xmp:CreatorTool>`,
    `<xmp:CreateDate>${date}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${date}</xmp:ModifyDate>`,
    `<xmp:MetadataDate>${date}</xmp:MetadataDate>`,
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">',
    `<pdf:Producer>${xml(m.producer)}</pdf:Producer>`,
    `<pdf:Keywords>${xml(m.keywords)}</pdf:Keywords>`,
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">',
    `<xmpMM:DocumentID>${uuid}</xmpMM:DocumentID>`,
    `<xmpMM:InstanceID>${uuid}</xmpMM:InstanceID>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="r"?>',
  ].join('\n');
}

/** The date to the second, in UTC, as the information dictionary has it (`D:YYYYMMDDHHmmSSZ`). */
function xmpDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** Escaped for XML character data, without the control characters XML 1.0 does not allow. */
function xml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the control characters XML 1.0 forbids is the point.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}
