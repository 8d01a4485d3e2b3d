/** The Idempotency-Key pepper's Secrets Manager secret (fingerprint-pepper-services.ts). */
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsManager } from '../../../platform/aws/secrets-manager.ts';

/** The secret's SecretString, or undefined when it has none. */
export async function secretString(secretId: string): Promise<string | undefined> {
  const out = await secretsManager().send(new GetSecretValueCommand({ SecretId: secretId }));
  return typeof out.SecretString === 'string' ? out.SecretString : undefined;
}
