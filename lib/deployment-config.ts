/**
 * Deployment settings, read from CDK context (`npx cdk deploy -c key=value …`, or a `context` block in
 * cdk.json) and checked before anything is built, so a typo fails the synth with a message instead of
 * deploying something else. README, Deploying, lists every key.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export interface DeploymentConfig {
  /** `dev`, `staging`, `prod`…: part of the stack name; `prod` turns on compliance-mode Object Lock. */
  readonly stage: string;
  /** Base URL used in links (error `docs`, certificate QR codes); default: the custom domain, else the API endpoint. */
  readonly publicBaseUrl?: string;
  /** Custom domain for the API, with the ARN of an ACM certificate for it in the stack's region. */
  readonly customDomain?: { readonly domainName: string; readonly certificateArn: string };
  /** Sender of the webhook-failure e-mail (a verified SES identity). */
  readonly alertFromEmail?: string;
  /** Address subscribed to the alarm topic (it must confirm the subscription). */
  readonly alarmEmail?: string;
  /** Retention of every function's and the API's log group. */
  readonly logRetention: RetentionDays;
  /** POWERTOOLS_LOG_LEVEL of every function. */
  readonly logLevel: string;
  /** Source endpoint overrides; unset, the connectors use the public sources. */
  readonly sources: { readonly nppesApiUrl?: string; readonly leieCsvUrl?: string; readonly sodaBaseUrl?: string };
  /** Secrets Manager secret (name or ARN) whose SecretString is the Socrata app token. */
  readonly sodaAppTokenSecret?: string;
  /** Which certificate signing key the stack holds; raising it creates a new key (README, Rolling signing keys). */
  readonly signingKeyGeneration: number;
  /** ARNs of retired signing keys whose public keys stay in the JWKS. */
  readonly previousSigningKeyArns: readonly string[];
}

export const defaultLogRetentionDays = 90;
const logLevels = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'];

export class DeploymentConfigError extends Error {}

type Context = (key: string) => unknown;

function text(context: Context, key: string): string | undefined {
  const value = context(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw new DeploymentConfigError(`Context ${key} must be a string`);
  return String(value).trim() || undefined;
}

function httpsUrl(context: Context, key: string): string | undefined {
  const value = text(context, key);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new DeploymentConfigError(`Context ${key} must be a URL, got "${value}"`);
  }
  if (url.protocol !== 'https:') throw new DeploymentConfigError(`Context ${key} must be an https URL, got "${value}"`);
  return value;
}

function email(context: Context, key: string): string | undefined {
  const value = text(context, key);
  if (value !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw new DeploymentConfigError(`Context ${key} must be an e-mail address, got "${value}"`);
  return value;
}

function positiveInteger(context: Context, key: string, fallback: number): number {
  const value = text(context, key);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new DeploymentConfigError(`Context ${key} must be a whole number of at least 1, got "${value}"`);
  return n;
}

function logRetention(context: Context): RetentionDays {
  const days = positiveInteger(context, 'logRetentionDays', defaultLogRetentionDays);
  const allowed = Object.values(RetentionDays).filter((d): d is RetentionDays => typeof d === 'number' && d !== RetentionDays.INFINITE);
  if (!allowed.includes(days as RetentionDays)) {
    throw new DeploymentConfigError(`Context logRetentionDays must be one of CloudWatch Logs' periods (${allowed.join(', ')}), got ${days}`);
  }
  return days as RetentionDays;
}

export function deploymentConfig(context: Context, stageOverride?: string): DeploymentConfig {
  const stage = stageOverride ?? text(context, 'stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,20}$/.test(stage)) throw new DeploymentConfigError(`Invalid stage "${stage}": lower-case letters, digits and hyphens`);

  const domainName = text(context, 'domainName');
  const certificateArn = text(context, 'certificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new DeploymentConfigError('Context domainName and certificateArn go together: the custom domain needs its ACM certificate');
  }
  if (domainName !== undefined && !/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domainName)) {
    throw new DeploymentConfigError(`Context domainName must be a lower-case host name, got "${domainName}"`);
  }
  if (certificateArn !== undefined && !/^arn:aws[a-z-]*:acm:[a-z0-9-]+:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new DeploymentConfigError(`Context certificateArn must be an ACM certificate ARN, got "${certificateArn}"`);
  }

  const logLevel = (text(context, 'logLevel') ?? 'INFO').toUpperCase();
  if (!logLevels.includes(logLevel)) throw new DeploymentConfigError(`Context logLevel must be one of ${logLevels.join(', ')}`);

  const previousSigningKeyArns = (text(context, 'previousSigningKeyArns') ?? '')
    .split(',')
    .map((arn) => arn.trim())
    .filter(Boolean);
  for (const arn of previousSigningKeyArns) {
    if (!/^arn:aws[a-z-]*:kms:[a-z0-9-]+:\d{12}:key\/[\w-]+$/.test(arn)) throw new DeploymentConfigError(`Context previousSigningKeyArns: "${arn}" is not a KMS key ARN`);
  }

  return {
    stage,
    publicBaseUrl: httpsUrl(context, 'publicBaseUrl') ?? (domainName ? `https://${domainName}` : undefined),
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    alertFromEmail: email(context, 'alertFromEmail'),
    alarmEmail: email(context, 'alarmEmail'),
    logRetention: logRetention(context),
    logLevel,
    sources: {
      nppesApiUrl: httpsUrl(context, 'nppesApiUrl'),
      leieCsvUrl: httpsUrl(context, 'leieCsvUrl'),
      sodaBaseUrl: httpsUrl(context, 'sodaBaseUrl'),
    },
    sodaAppTokenSecret: text(context, 'sodaAppTokenSecret'),
    signingKeyGeneration: positiveInteger(context, 'signingKeyGeneration', 1),
    previousSigningKeyArns,
  };
}
