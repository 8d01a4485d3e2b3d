/**
 * Where a verification's public record lives: `/records/{verification_id}`, the target of the QR code
 * on a certificate. The unguessable id is the only capability needed to read it.
 */
import { publicBaseUrl } from '../../platform/config.ts';
import { verificationIdPattern } from '../../platform/ids.ts';

/** A verification id as issued: `vrf_` and 24 base62 characters. Anything else cannot be a record. */
export { verificationIdPattern };

export function isVerificationId(value: string): boolean {
  return verificationIdPattern.test(value);
}

/** Absolute URL of the public record of a verification. */
export function publicRecordUrl(verificationId: string): string {
  return `${publicBaseUrl()}/records/${encodeURIComponent(verificationId)}`;
}
