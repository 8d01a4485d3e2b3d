/**
 * Presigned GetObject links whose stated expiry is the one they keep. A presigned URL stops working when
 * the credentials that signed it expire (S3 checks the session token), whatever its own `X-Amz-Expires`:
 * on Lambda those are the execution role's temporary credentials. So a link lives the time asked for, or
 * until shortly before those credentials end, whichever comes first, and says so in `expiresAt`.
 */
import type { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from './s3.ts';

/** Time kept between a link's end and the end of the credentials it is signed with. */
export const credentialMarginSeconds = 60;

/** How long a link signed at `now` for `seconds` lives, given when its signing credentials expire (if they do). */
export function linkLifetimeSeconds(now: Date, seconds: number, credentialsExpire: Date | undefined): number {
  if (!credentialsExpire) return seconds;
  const left = Math.floor((credentialsExpire.getTime() - now.getTime()) / 1000) - credentialMarginSeconds;
  return Math.max(1, Math.min(seconds, left));
}

/** A presigned link for `command`, valid `seconds` or less (`linkLifetimeSeconds`); `expiresAt` is when it stops working. */
export async function presignedGet(command: GetObjectCommand, now: Date, seconds: number): Promise<{ url: string; expiresAt: string }> {
  // The credentials the SDK signs with now (it refreshes those it can within minutes of their expiry).
  const credentials = await s3().config.credentials();
  const lifetime = linkLifetimeSeconds(now, seconds, credentials.expiration);
  const url = await getSignedUrl(s3(), command, { expiresIn: lifetime, signingDate: now });
  return { url, expiresAt: new Date(now.getTime() + lifetime * 1000).toISOString() };
}
