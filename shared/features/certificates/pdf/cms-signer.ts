/**
 * The detached CMS signature of a PAdES baseline B-B signature (ETSI EN 319 142-1, 6.3; CAdES
 * attributes per ETSI EN 319 122-1), DER-encoded with node-forge's ASN.1 module. The signature value
 * comes from a `CmsSigner`: a local private key (node:crypto) or an AWS KMS asymmetric key, which signs
 * the SHA-256 digest of the signed attributes, so the private key never needs to leave KMS:
 *
 * ContentInfo { id-signedData, SignedData (RFC 5652, 5.1) {
 *   version 1, digestAlgorithms { sha256 }, encapContentInfo { id-data } (no eContent: detached),
 *   certificates [0] { signer certificate, then the chain as given },
 *   signerInfos { SignerInfo (5.3) {
 *     version 1, sid issuerAndSerialNumber, digestAlgorithm sha256,
 *     signedAttrs [0] (a DER SET OF, sorted) {
 *       content-type = id-data (RFC 5652, 11.1),
 *       message-digest = SHA-256 of the signed byte ranges (11.2),
 *       signing-certificate-v2 (RFC 5035, ESS) { ESSCertIDv2 { certHash = SHA-256 of the signer
 *         certificate (hashAlgorithm left at its DEFAULT sha256), issuerSerial } } },
 *     signatureAlgorithm sha256WithRSAEncryption (RFC 4055; RSASSA-PKCS1-v1_5, deterministic) or
 *       ecdsa-with-SHA256 (RFC 5758),
 *     signature over the DER of signedAttrs } } } }
 *
 * PAdES forbids the CMS signing-time attribute (the claimed time is the signature dictionary's /M)
 * and B-B has no unsigned attributes.
 */
import { createHash, sign as signData, type KeyObject, type X509Certificate } from 'node:crypto';
import forge from 'node-forge';

const { asn1 } = forge;
type Node = forge.asn1.Asn1;

export const oids = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsaEncryption: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** What signs a CMS SignedData: the signer's certificate and chain, and a signing function for its key. */
export interface CmsSigner {
  readonly certificate: X509Certificate;
  /** Further certificates to include (intermediates), in the order given. */
  readonly chain: readonly X509Certificate[];
  /** `rsa`: RSASSA-PKCS1-v1_5 with SHA-256; `ec`: ECDSA with SHA-256. The certificate's key type. */
  readonly keyType: 'rsa' | 'ec';
  /**
   * The signature of `signedAttributes` (the DER of the signed attributes) with SHA-256: the PKCS#1
   * v1.5 signature bytes (RSA) or a DER ECDSA-Sig-Value (EC), as CMS carries them. A signer that only
   * receives digests (KMS with MessageType DIGEST) signs the SHA-256 of `signedAttributes`; node:crypto
   * cannot sign a precomputed digest with ECDSA, so the bytes themselves are passed.
   */
  sign(signedAttributes: Uint8Array): Promise<Uint8Array>;
}

/** The CMS signer of a local private key (RSA or EC P-256/P-384/P-521). */
export function localCmsSigner(certificate: X509Certificate, chain: readonly X509Certificate[], privateKey: KeyObject): CmsSigner {
  const keyType = cmsKeyType(privateKey.asymmetricKeyType);
  return {
    certificate,
    chain,
    keyType,
    sign: async (signedAttributes) => new Uint8Array(signData('sha256', signedAttributes, privateKey)),
  };
}

/** The key types the CMS signer supports; anything else is refused. */
export function cmsKeyType(type: string | undefined): 'rsa' | 'ec' {
  if (type === 'rsa' || type === 'ec') return type;
  throw new Error(`PDF signing supports RSA (PKCS#1 v1.5) and ECDSA keys, not ${type ?? 'this key type'}`);
}

/** The DER ContentInfo holding a detached SignedData over `content`. */
export async function cadesDetachedSignature(content: Uint8Array, key: CmsSigner): Promise<Uint8Array> {
  const signatureAlgorithm = signatureAlgorithmFor(key.keyType);
  const signerCertificate = parseDer(key.certificate.raw);
  const { issuer, serialNumber } = issuerAndSerial(signerCertificate);

  const signedAttributes = sortedSet([
    attribute(oids.contentType, oid(oids.data)),
    attribute(oids.messageDigest, octetString(sha256(content))),
    attribute(
      oids.signingCertificateV2,
      sequence(
        // certs: SEQUENCE OF ESSCertIDv2
        sequence(
          sequence(
            octetString(sha256(key.certificate.raw)),
            // IssuerSerial { issuer GeneralNames { directoryName [4] Name }, serialNumber }
            sequence(sequence(contextExplicit(4, issuer)), serialNumber),
          ),
        ),
      ),
    ),
  ]);
  // The signature covers the DER of the attributes with the universal SET tag (RFC 5652, 5.4).
  const signature = await key.sign(toDer(signedAttributes));
  const signedAttributesField = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, signedAttributes.value as Node[]);

  const signerInfo = sequence(
    integer(1),
    sequence(issuer, serialNumber),
    algorithm(oids.sha256),
    signedAttributesField,
    signatureAlgorithm,
    octetString(signature),
  );
  const signedData = sequence(
    integer(1),
    set(algorithm(oids.sha256)),
    sequence(oid(oids.data)),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signerCertificate, ...key.chain.map((c) => parseDer(c.raw))]),
    set(signerInfo),
  );
  return toDer(sequence(oid(oids.signedData), contextExplicit(0, signedData)));
}

function signatureAlgorithmFor(keyType: 'rsa' | 'ec'): Node {
  return keyType === 'rsa'
    ? algorithm(oids.sha256WithRsaEncryption, asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ''))
    : algorithm(oids.ecdsaWithSha256);
}

/** The issuer Name and serialNumber INTEGER of an X.509 certificate (RFC 5280, 4.1), as parsed nodes. */
function issuerAndSerial(certificate: Node): { issuer: Node; serialNumber: Node } {
  const tbs = children(certificate)[0];
  if (!tbs) throw new Error('Malformed certificate: no tbsCertificate');
  const fields = children(tbs);
  const hasVersion = fields[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC && fields[0].type === 0;
  const serialNumber = fields[hasVersion ? 1 : 0];
  const issuer = fields[hasVersion ? 3 : 2];
  if (!serialNumber || !issuer) throw new Error('Malformed certificate: no serial number or issuer');
  return { issuer, serialNumber };
}

function children(node: Node): Node[] {
  if (!Array.isArray(node.value)) throw new Error('Malformed certificate: expected a constructed value');
  return node.value;
}

function attribute(type: string, value: Node): Node {
  return sequence(oid(type), set(value));
}

function algorithm(id: string, parameters?: Node): Node {
  return parameters ? sequence(oid(id), parameters) : sequence(oid(id));
}

function sequence(...items: Node[]): Node {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
}

function set(...items: Node[]): Node {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, items);
}

/** A DER SET OF: elements in ascending order of their encodings (X.690, 11.6). */
function sortedSet(items: Node[]): Node {
  const encoded = items.map((item) => ({ item, der: Buffer.from(toDer(item)) }));
  encoded.sort((a, b) => Buffer.compare(a.der, b.der));
  return set(...encoded.map((e) => e.item));
}

function oid(id: string): Node {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
}

function integer(value: number): Node {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
}

function octetString(bytes: Uint8Array): Node {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, binary(bytes));
}

function contextExplicit(tag: number, inner: Node): Node {
  return asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, [inner]);
}

function sha256(bytes: Uint8Array): Uint8Array {
  return createHash('sha256').update(bytes).digest();
}

/** Parses DER; node-forge keeps BIT STRING contents as read, so re-encoding gives the same bytes. */
function parseDer(bytes: Uint8Array): Node {
  return asn1.fromDer(binary(bytes), true);
}

function toDer(node: Node): Uint8Array {
  return new Uint8Array(Buffer.from(asn1.toDer(node).getBytes(), 'binary'));
}

function binary(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('binary');
}
