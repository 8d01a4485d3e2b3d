/**
 * An X.501 distinguished name written as an RFC 4514 string (`CN=Example Signer,O=Example Inc,C=US`,
 * as `openssl x509 -nameopt RFC2253` prints it), parsed and DER-encoded with node-forge's ASN.1 module
 * (RFC 5280, 4.1.2.4). RFC 4514 writes the most specific name first, so the encoded RDNSequence is in
 * the reverse order of the string: C, then O, then CN.
 *
 * Only the attribute types a document-signing certificate request carries are accepted, one value per
 * RDN (no `+`), each within its RFC 5280 upper bound. Values are UTF8String, except countryName and
 * serialNumber (PrintableString, as RFC 5280 requires) and emailAddress (IA5String).
 */
import forge from 'node-forge';

const { asn1 } = forge;

export class DistinguishedNameError extends Error {
  override readonly name = 'DistinguishedNameError';
}

type StringType = 'utf8' | 'printable' | 'ia5';

interface AttributeType {
  readonly oid: string;
  readonly maxLength: number;
  readonly stringType: StringType;
}

/** Attribute types by their RFC 4514 short name (matched case-insensitively). */
const attributeTypes: Record<string, AttributeType> = {
  CN: { oid: '2.5.4.3', maxLength: 64, stringType: 'utf8' },
  O: { oid: '2.5.4.10', maxLength: 64, stringType: 'utf8' },
  OU: { oid: '2.5.4.11', maxLength: 64, stringType: 'utf8' },
  L: { oid: '2.5.4.7', maxLength: 128, stringType: 'utf8' },
  ST: { oid: '2.5.4.8', maxLength: 128, stringType: 'utf8' },
  STREET: { oid: '2.5.4.9', maxLength: 128, stringType: 'utf8' },
  C: { oid: '2.5.4.6', maxLength: 2, stringType: 'printable' },
  SERIALNUMBER: { oid: '2.5.4.5', maxLength: 64, stringType: 'printable' },
  ORGANIZATIONIDENTIFIER: { oid: '2.5.4.97', maxLength: 64, stringType: 'utf8' },
  EMAILADDRESS: { oid: '1.2.840.113549.1.9.1', maxLength: 255, stringType: 'ia5' },
};

export interface NameAttribute {
  /** The short name as written (`CN`, `O`…). */
  readonly type: string;
  readonly oid: string;
  readonly value: string;
  readonly stringType: StringType;
}

const printable = /^[A-Za-z0-9 '()+,\-./:=?]*$/;

/** Splits on commas that are not escaped with a backslash. */
function splitUnescaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      current += ch + text[i + 1];
      i++;
    } else if (ch === separator) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

/** An RFC 4514 attribute value without its escapes (`\,` `\\` `\"`… and `\XX` hex pairs of UTF-8 bytes). */
function unescapeValue(raw: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch !== '\\') {
      bytes.push(...Buffer.from(ch, 'utf8'));
      continue;
    }
    const next = raw.slice(i + 1, i + 3);
    if (/^[0-9a-fA-F]{2}$/.test(next)) {
      bytes.push(parseInt(next, 16));
      i += 2;
    } else if (i + 1 < raw.length && ' "#+,;<=>\\'.includes(raw[i + 1]!)) {
      bytes.push(raw.charCodeAt(i + 1));
      i += 1;
    } else throw new DistinguishedNameError(`Subject: bad escape in "${raw}"`);
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The attributes of an RFC 4514 string, in the order written (most specific first). */
export function parseDistinguishedName(text: string): NameAttribute[] {
  if (!text.trim()) throw new DistinguishedNameError('Subject is empty: give it as CN=…,O=…,C=US');
  return splitUnescaped(text, ',').map((part) => {
    if (splitUnescaped(part, '+').length > 1) throw new DistinguishedNameError(`Subject: multi-valued RDNs ("${part.trim()}") are not supported`);
    const at = part.indexOf('=');
    if (at < 0) throw new DistinguishedNameError(`Subject: "${part.trim()}" is not of the form TYPE=value`);
    const type = part.slice(0, at).trim();
    const known = attributeTypes[type.toUpperCase()];
    if (!known) throw new DistinguishedNameError(`Subject: attribute type "${type}" is not one of ${Object.keys(attributeTypes).join(', ')}`);
    const value = unescapeValue(part.slice(at + 1).trim());
    if (!value) throw new DistinguishedNameError(`Subject: ${type} is empty`);
    if ([...value].length > known.maxLength) throw new DistinguishedNameError(`Subject: ${type} is longer than ${known.maxLength} characters`);
    if (known.stringType === 'printable' && !printable.test(value))
      throw new DistinguishedNameError(`Subject: ${type} may hold only PrintableString characters`);
    if (known.stringType === 'ia5' && !/^[\x20-\x7e]+$/.test(value)) throw new DistinguishedNameError(`Subject: ${type} must be ASCII`);
    if (known.oid === attributeTypes.C!.oid && !/^[A-Z]{2}$/.test(value))
      throw new DistinguishedNameError('Subject: C must be a two-letter ISO 3166 country code in capitals');
    return { type, oid: known.oid, value, stringType: known.stringType };
  });
}

const stringTags: Record<StringType, number> = { utf8: asn1.Type.UTF8, printable: asn1.Type.PRINTABLESTRING, ia5: asn1.Type.IA5STRING };

/** The DER Name (RDNSequence) of the attributes, in RDNSequence order (the reverse of the string's). */
export function distinguishedNameAsn1(attributes: readonly NameAttribute[]): forge.asn1.Asn1 {
  const { Class, Type } = asn1;
  return asn1.create(
    Class.UNIVERSAL,
    Type.SEQUENCE,
    true,
    [...attributes]
      .reverse()
      .map((attribute) =>
        asn1.create(Class.UNIVERSAL, Type.SET, true, [
          asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, [
            asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(attribute.oid).getBytes()),
            asn1.create(
              Class.UNIVERSAL,
              stringTags[attribute.stringType],
              false,
              attribute.stringType === 'utf8' ? forge.util.encodeUtf8(attribute.value) : attribute.value,
            ),
          ]),
        ]),
      ),
  );
}
