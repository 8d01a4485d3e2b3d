/** KMS as it answers for an RSA_2048 SIGN_VERIFY key, with a real node key doing the signing (no KMS emulator exists). */
import {
  GetPublicKeyCommand,
  SignCommand,
  type KMSClientResolvedConfig,
  type ServiceInputTypes,
  type ServiceOutputTypes,
  type SignCommandInput,
} from '@aws-sdk/client-kms';
import type { AwsStub } from 'aws-sdk-client-mock';
import { constants, createPublicKey, privateEncrypt, sign, type KeyObject } from 'node:crypto';

/** DER DigestInfo prefix of SHA-256 (RFC 8017 §9.2, note 1): what PKCS#1 v1.5 signs before the digest. */
const sha256DigestInfo = Buffer.from('3031300d060960864801650304020105000420', 'hex');

type KmsStub = AwsStub<ServiceInputTypes, ServiceOutputTypes, KMSClientResolvedConfig>;

/**
 * Answers GetPublicKey and Sign (RSASSA_PKCS1_V1_5_SHA_256) for `keyId` with `privateKey`, accepting the
 * message types given: RAW (KMS hashes the message, at most 4096 bytes) and DIGEST (a 32-byte SHA-256).
 * Anything else is refused as KMS refuses it (ValidationException).
 */
export function answerAsRsaKey(kmsMock: KmsStub, keyId: string, privateKey: KeyObject, messageTypes: readonly ('RAW' | 'DIGEST')[]): void {
  kmsMock.on(GetPublicKeyCommand, { KeyId: keyId }).resolves({
    KeyId: keyId,
    PublicKey: new Uint8Array(createPublicKey(privateKey).export({ format: 'der', type: 'spki' })),
    KeySpec: 'RSA_2048',
    KeyUsage: 'SIGN_VERIFY',
    SigningAlgorithms: ['RSASSA_PKCS1_V1_5_SHA_256', 'RSASSA_PSS_SHA_256'],
  });
  kmsMock.on(SignCommand, { KeyId: keyId }).callsFake((input: SignCommandInput) => {
    const type = input.MessageType ?? 'RAW';
    const message = input.Message ? Buffer.from(input.Message) : undefined;
    const sizeOk = type === 'DIGEST' ? message?.length === 32 : message !== undefined && message.length <= 4096;
    if (!(messageTypes as readonly string[]).includes(type) || input.SigningAlgorithm !== 'RSASSA_PKCS1_V1_5_SHA_256' || !sizeOk) {
      throw Object.assign(new Error('unexpected Sign request'), { name: 'ValidationException' });
    }
    // RAW: sign the message; DIGEST: the private-key operation on DigestInfo ‖ digest, as KMS does.
    const signature =
      type === 'RAW'
        ? sign('sha256', message!, { key: privateKey, padding: constants.RSA_PKCS1_PADDING })
        : privateEncrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([sha256DigestInfo, message!]));
    return { KeyId: keyId, Signature: new Uint8Array(signature), SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256' as const };
  });
}
