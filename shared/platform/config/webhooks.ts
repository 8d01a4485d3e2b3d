/** Webhook delivery: the key that seals webhook secrets, the loopback waiver, and the failure e-mail. */
import { environment } from './environment.ts';
import { runsOnAwsLambda } from './service.ts';

/** `WEBHOOK_SECRET_KMS_KEY_ID` (deployed): the KMS key that seals webhook secrets; unset by default. */
export function webhookSecretKmsKeyId(): string | undefined {
  return environment().WEBHOOK_SECRET_KMS_KEY_ID;
}

/** `WEBHOOK_SECRET_KEY_FILE` (local): the file holding the key that seals webhook secrets; unset by default. */
export function webhookSecretKeyFile(): string | undefined {
  return environment().WEBHOOK_SECRET_KEY_FILE;
}

/** The local-stack setting that lets test keys post to loopback receivers. */
export const allowLoopbackVariable = 'WEBHOOK_ALLOW_LOOPBACK';

/**
 * `WEBHOOK_ALLOW_LOOPBACK`: `true` lets test keys post to loopback receivers, `all` every key; unset,
 * empty or `false` (the default) is off. Any other value, or a waiver on AWS Lambda, is a configuration
 * error: a deployed stack never delivers to its own machine.
 */
export function webhookLoopbackAllowedFromEnv(env: NodeJS.ProcessEnv = environment()): boolean | 'all' {
  const value = (env[allowLoopbackVariable] ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value !== 'true' && value !== 'all') throw new Error(`${allowLoopbackVariable} must be true, all or false, got "${value}"`);
  if (runsOnAwsLambda(env)) throw new Error(`${allowLoopbackVariable} is a local-stack setting and is refused on AWS Lambda`);
  return value === 'all' ? 'all' : true;
}

/** `ALERT_EMAIL`: `disabled` where the deployment has no sender (`dev` without `alertFromEmail`); unset by default. */
export function alertEmail(): string | undefined {
  return environment().ALERT_EMAIL;
}

/** `ALERT_FROM_EMAIL`: the sender of the failure e-mail; default `alerts@license-verification.local`. */
export function alertFromEmail(): string {
  return environment().ALERT_FROM_EMAIL ?? 'alerts@license-verification.local';
}
