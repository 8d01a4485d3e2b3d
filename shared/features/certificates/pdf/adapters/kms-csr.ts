/**
 * A PKCS#10 certificate signing request (RFC 2986) for a KMS signing key, signed by the key itself: the
 * CA that issues the PDF signing certificate gets proof that the requester holds the key, and the
 * private key never leaves KMS. DER-encoded with node-forge's ASN.1 module (as the CMS is), signed with
 * KMS `Sign`:
 *
 * CertificationRequest {
 *   certificationRequestInfo { version 0, subject (RFC 4514 string), subjectPKInfo (KMS GetPublicKey, as is),
 *     attributes [0] { extensionRequest (PKCS#9) { keyUsage critical { digitalSignature, nonRepudiation },
 *       extKeyUsage { id-kp-documentSigning, Microsoft Document Signing } } } },
 *   signatureAlgorithm sha256WithRSAEncryption (RSA keys: KMS RSASSA_PKCS1_V1_5_SHA_256) or
 *     ecdsa-with-SHA256 (ECC_NIST_P256 keys: KMS ECDSA_SHA_256),
 *   signature: KMS Sign over the DER of certificationRequestInfo, MessageType RAW (KMS hashes it) }
 *
 * Extended key usage: id-kp-documentSigning (1.3.6.1.5.5.7.3.36, RFC 9336) is the IETF's purpose for
 * signing human-readable documents; Adobe Acrobat, which checks the EKU of a signing certificate that
 * has one, accepts Microsoft Document Signing (1.3.6.1.4.1.311.10.3.12) but not (yet) RFC 9336 alone.
 * Both are requested, non-critical; the CA's certificate profile decides what the certificate carries.
 *
 * Before the request is returned its signature is checked against the KMS public key, so a KMS answer
 * for another key or algorithm cannot produce a request the CA would refuse.
 */
import { GetPublicKeyCommand, SignCommand, type KMSClient, type SigningAlgorithmSpec } from '@aws-sdk/client-kms';
import { createHash, createPublicKey, verify } from 'node:crypto';
import forge from 'node-forge';
import { distinguishedNameAsn1, parseDistinguishedName, type NameAttribute } from '../distinguished-name.ts';
import { PdfSigningMaterialError } from '../pdf-signing-key.ts';

const { asn1 } = forge;
const { Class, Type } = asn1;
type Node = forge.asn1.Asn1;

export const csrOids = {
  extensionRequest: '1.2.840.113549.1.9.14',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  documentSigning: '1.3.6.1.5.5.7.3.36',
  microsoftDocumentSigning: '1.3.6.1.4.1.311.10.3.12',
  sha256WithRSAEncryption: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

export interface KmsCsrRequest {
  /** Key id, key ARN, alias name or alias ARN of the KMS signing key. */
  readonly keyId: string;
  /** The subject as an RFC 4514 string: `CN=…,O=…,C=US`. */
  readonly subject: string;
  readonly client: KMSClient;
}

export interface KmsCsr {
  /** The request, PEM (`-----BEGIN CERTIFICATE REQUEST-----`). */
  readonly pem: string;
  /** The key's ARN as KMS reports it. */
  readonly keyArn: string;
  /** SHA-256 (hex) of the key's SubjectPublicKeyInfo DER: the same in the request and in the certificate. */
  readonly publicKeySha256: string;
}

const oid = (value: string): Node => asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(value).getBytes());
const sequence = (value: Node[]): Node => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, value);
const der = (node: Node): string => asn1.toDer(node).getBytes();

function extension(id: string, critical: boolean, value: Node): Node {
  return sequence([
    oid(id),
    ...(critical ? [asn1.create(Class.UNIVERSAL, Type.BOOLEAN, false, String.fromCharCode(0xff))] : []),
    asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, der(value)),
  ]);
}

/** The extensions the request asks the CA for (PKCS#9 extensionRequest). */
function requestedExtensions(): Node {
  // KeyUsage BIT STRING: digitalSignature (bit 0) and nonRepudiation (bit 1) = 0b11000000, 6 unused bits.
  const keyUsage = asn1.create(Class.UNIVERSAL, Type.BITSTRING, false, String.fromCharCode(0x06, 0xc0));
  const extKeyUsage = sequence([oid(csrOids.documentSigning), oid(csrOids.microsoftDocumentSigning)]);
  return sequence([extension(csrOids.keyUsage, true, keyUsage), extension(csrOids.extKeyUsage, false, extKeyUsage)]);
}

/** The DER CertificationRequestInfo for the subject and the key's SubjectPublicKeyInfo. */
export function certificationRequestInfo(subject: readonly NameAttribute[], spkiDer: Uint8Array): Node {
  return sequence([
    asn1.create(Class.UNIVERSAL, Type.INTEGER, false, String.fromCharCode(0)),
    distinguishedNameAsn1(subject),
    asn1.fromDer(Buffer.from(spkiDer).toString('binary')),
    asn1.create(Class.CONTEXT_SPECIFIC, 0, true, [
      sequence([oid(csrOids.extensionRequest), asn1.create(Class.UNIVERSAL, Type.SET, true, [requestedExtensions()])]),
    ]),
  ]);
}

interface KeyAlgorithm {
  readonly kms: SigningAlgorithmSpec;
  readonly identifier: Node;
}

function keyAlgorithm(keyType: string | undefined, keyId: string): KeyAlgorithm {
  if (keyType === 'rsa') {
    return {
      kms: 'RSASSA_PKCS1_V1_5_SHA_256',
      identifier: sequence([oid(csrOids.sha256WithRSAEncryption), asn1.create(Class.UNIVERSAL, Type.NULL, false, '')]),
    };
  }
  if (keyType === 'ec') return { kms: 'ECDSA_SHA_256', identifier: sequence([oid(csrOids.ecdsaWithSha256)]) };
  throw new PdfSigningMaterialError(`KMS key ${keyId} is neither RSA nor EC (${keyType ?? 'unknown'}): it cannot sign PDFs`);
}

/**
 * Reads the key's public key, builds the request for `subject` and has KMS sign it. A subject that
 * cannot be encoded throws `DistinguishedNameError` before KMS is called.
 */
export async function kmsCertificateSigningRequest(request: KmsCsrRequest): Promise<KmsCsr> {
  const { keyId, client } = request;
  const subject = parseDistinguishedName(request.subject);
  const key = await client.send(new GetPublicKeyCommand({ KeyId: keyId }));
  if (key.KeyUsage !== undefined && key.KeyUsage !== 'SIGN_VERIFY') {
    throw new PdfSigningMaterialError(`KMS key ${keyId} has key usage ${key.KeyUsage}; a signing certificate needs SIGN_VERIFY`);
  }
  if (!key.PublicKey) throw new Error(`KMS returned no public key for ${keyId}`);
  const spki = Buffer.from(key.PublicKey);
  const publicKey = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  if (publicKey.asymmetricKeyType === 'ec' && publicKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new PdfSigningMaterialError(`KMS key ${keyId} is ${key.KeySpec ?? 'an EC key'}; PDF signing takes ECC_NIST_P256 or RSA`);
  }
  const algorithm = keyAlgorithm(publicKey.asymmetricKeyType, keyId);
  if (key.SigningAlgorithms && !key.SigningAlgorithms.includes(algorithm.kms)) {
    throw new PdfSigningMaterialError(`KMS key ${keyId} (${key.KeySpec ?? 'unknown spec'}) cannot sign with ${algorithm.kms}`);
  }

  const info = certificationRequestInfo(subject, spki);
  const infoDer = Buffer.from(der(info), 'binary');
  const signed = await client.send(new SignCommand({ KeyId: keyId, Message: infoDer, MessageType: 'RAW', SigningAlgorithm: algorithm.kms }));
  if (!signed.Signature) throw new Error(`KMS returned no signature for ${keyId}`);
  const signature = Buffer.from(signed.Signature);
  if (!verify('sha256', infoDer, publicKey, signature)) {
    throw new PdfSigningMaterialError(`KMS key ${keyId} returned a signature that its public key does not verify`);
  }

  const csr = sequence([
    info,
    algorithm.identifier,
    asn1.create(Class.UNIVERSAL, Type.BITSTRING, false, String.fromCharCode(0) + signature.toString('binary')),
  ]);
  const body = Buffer.from(der(csr), 'binary').toString('base64');
  const pem = `-----BEGIN CERTIFICATE REQUEST-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE REQUEST-----\n`;
  return { pem, keyArn: key.KeyId ?? keyId, publicKeySha256: createHash('sha256').update(spki).digest('hex') };
}
