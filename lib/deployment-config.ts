/**
 * Deployment settings, read from CDK context (`npx cdk deploy -c key=value …`, or a `context` block in
 * cdk.json) and checked before anything is built, so a typo fails the synth with a message instead of
 * deploying something else. docs/deployment.md lists every key.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export interface DeploymentConfig {
  /**
   * `dev`, `staging`, `prod`…: part of the stack name. `prod` turns on compliance-mode Object Lock,
   * requires the custom domain and switches the API's own `execute-api` endpoint off.
   */
  readonly stage: string;
  /** Base URL used in links (error `docs`, certificate QR codes); default: the custom domain, else the API endpoint. */
  readonly publicBaseUrl?: string;
  /** Custom domain for the API, with the ARN of an ACM certificate for it in the stack's region. */
  readonly customDomain?: { readonly domainName: string; readonly certificateArn: string };
  /** Sender of the webhook-failure e-mail; required outside `dev` (without it, `dev` sends no such e-mail). */
  readonly alertFromEmail?: string;
  /**
   * The SES identity that authorises the sender: the address itself (default) or its domain. The
   * stack creates it, unless `alertFromIdentityExists` says it is already in SES (verified for another
   * stage, or managed elsewhere); either way the functions may send only from `alertFromEmail` through it.
   */
  readonly alertFromIdentity?: string;
  readonly alertFromIdentityExists: boolean;
  /**
   * The stage's first deploy (`-c firstDeploy=true`): its tables are made without deletion protection,
   * so that a failed first deploy rolls back to `ROLLBACK_COMPLETE` (CloudFormation deletes the new,
   * empty tables, which deletion protection would refuse, leaving the stack `ROLLBACK_FAILED`). Every
   * later deploy leaves the flag out and turns protection on. Preflight says which applies.
   */
  readonly firstDeploy: boolean;
  /**
   * While the account is in the SES sandbox, SES also authorises the send against each recipient's
   * identity: the verified recipients listed here get the same scoped grant. Empty out of the sandbox.
   */
  readonly sesSandboxRecipients: readonly string[];
  /** Address subscribed to the alarm topic (it must confirm the subscription). */
  readonly alarmEmail?: string;
  /** Retention of every function's and the API's log group. */
  readonly logRetention: RetentionDays;
  /** POWERTOOLS_LOG_LEVEL of every function. */
  readonly logLevel: string;
  /** Source endpoint overrides; unset, the connectors use the public sources. */
  readonly sources: {
    readonly nppesApiUrl?: string;
    readonly leieCsvUrl?: string;
    readonly sodaBaseUrl?: string;
    readonly samBaseUrl?: string;
    readonly cmsDataBaseUrl?: string;
    readonly nppesFilesBaseUrl?: string;
  };
  /** Secrets Manager secret (name or ARN) whose SecretString is the Socrata app token. */
  readonly sodaAppTokenSecret?: string;
  /** Which live-certificate signing key the stack holds; raising it creates a new key (docs/deployment.md, rolling signing keys). */
  readonly signingKeyGeneration: number;
  /** ARNs of retired live-certificate signing keys whose public keys stay in the JWKS. */
  readonly previousSigningKeyArns: readonly string[];
  /** Which test-certificate signing key the stack holds; rolled on its own like the live one. */
  readonly testSigningKeyGeneration: number;
  /** ARNs of retired test-certificate signing keys whose public keys stay in the JWKS. */
  readonly previousTestSigningKeyArns: readonly string[];
  /**
   * Whether PDFs are signed by the stack's KMS key (the secret then holds only its certificate and
   * chain) rather than by a PEM private key kept in the secret. Default true; `false` is the fallback
   * for a CA that will not certify a key it did not see generated (docs/deployment.md).
   */
  readonly pdfSigningWithKms: boolean;
  /**
   * The one IAM role allowed, until `until`, to read the PDF signing key's public key and have it sign
   * (RAW messages, RSASSA_PKCS1_V1_5_SHA_256): for the operator to make the certificate request
   * (`npm run admin -- pdf-signing-csr`). Unset, the key policy lets no one but the PDF function use the key.
   */
  readonly pdfCsrSigner?: { readonly roleArn: string; readonly until: string };
}

export const defaultLogRetentionDays = 90;
const logLevels = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'];

export class DeploymentConfigError extends Error {}

/** Every stack of this app is `LicenseVerification-<stage>`. */
export const stackNamePrefix = 'LicenseVerification-';

/** The stage that must be reachable only under its custom domain, and may not default anything. */
export const productionStage = 'prod';
/** The one stage allowed to run without an alert sender (it then sends no webhook-failure e-mail). */
export const developmentStage = 'dev';

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

const emailPattern = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

function email(context: Context, key: string): string | undefined {
  const value = text(context, key);
  if (value !== undefined && !emailPattern.test(value)) throw new DeploymentConfigError(`Context ${key} must be an e-mail address, got "${value}"`);
  return value;
}

function emails(context: Context, key: string): string[] {
  const list = (text(context, key) ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const value of list) if (!emailPattern.test(value)) throw new DeploymentConfigError(`Context ${key}: "${value}" is not an e-mail address`);
  return list;
}

function flag(context: Context, key: string, fallback = false): boolean {
  const value = context(key);
  if (value === undefined || value === null || value === '') return fallback;
  if (value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new DeploymentConfigError(`Context ${key} must be true or false, got "${String(value)}"`);
}

/** The sender's identity: the address itself, or the domain (or a parent domain) it is at. */
function alertIdentity(context: Context, sender: string | undefined): string | undefined {
  const identity = text(context, 'alertFromIdentity')?.toLowerCase();
  if (identity === undefined) return undefined;
  if (sender === undefined) throw new DeploymentConfigError('Context alertFromIdentity needs alertFromEmail, the sender it authorises');
  const senderDomain = sender.slice(sender.lastIndexOf('@') + 1).toLowerCase();
  if (identity !== sender.toLowerCase() && identity !== senderDomain && !senderDomain.endsWith(`.${identity}`)) {
    throw new DeploymentConfigError(`Context alertFromIdentity must be the sender ${sender} or its domain, got "${identity}"`);
  }
  return identity;
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

/**
 * Context keys naming local-stack settings: a deployed stack refuses them rather than ignore them, so
 * nobody believes they turned one on (or off) in AWS. `webhookAllowLoopback` (WEBHOOK_ALLOW_LOOPBACK
 * locally) lets test keys post webhooks to loopback receivers; `sourceAllowLoopback`
 * (SOURCE_ALLOW_LOOPBACK) lets sources be fetched from the simulator on the same machine; no deployed
 * function ever gets either.
 */
export const localOnlyContextKeys: readonly string[] = ['webhookAllowLoopback', 'WEBHOOK_ALLOW_LOOPBACK', 'sourceAllowLoopback', 'SOURCE_ALLOW_LOOPBACK'];

export function deploymentConfig(context: Context, stageOverride?: string): DeploymentConfig {
  for (const key of localOnlyContextKeys) {
    if (context(key) !== undefined) {
      const what = /^source/i.test(key)
        ? "sources fetched from this machine, the local simulator's: a deployed stack never waives the source address check"
        : "webhooks to loopback receivers, for integrators' tests: a deployed stack never waives the webhook address check";
      throw new DeploymentConfigError(`Context ${key} is a local-stack setting (${what})`);
    }
  }
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

  const publicBaseUrl = httpsUrl(context, 'publicBaseUrl') ?? (domainName ? `https://${domainName}` : undefined);
  if (stage === productionStage) {
    // Certificates carry links (QR codes) for years: they must point at a name that outlives the stack.
    if (domainName === undefined) {
      throw new DeploymentConfigError(
        `Stage ${productionStage} needs a custom domain: set context domainName and certificateArn (an ISSUED ACM certificate in the stack's region). ` +
          "Certificate links must not point at the API's execute-api endpoint, which ends with the stack (docs/deployment.md).",
      );
    }
    const base = new URL(publicBaseUrl!);
    if (base.host !== domainName || base.pathname !== '/') {
      throw new DeploymentConfigError(
        `Stage ${productionStage}: publicBaseUrl must be the custom domain https://${domainName} (the only way the API is reached), got "${publicBaseUrl}"`,
      );
    }
  }

  const alertFromEmail = email(context, 'alertFromEmail');
  if (alertFromEmail === undefined && stage !== developmentStage) {
    throw new DeploymentConfigError(
      `Stage ${stage} needs context alertFromEmail: the sender of the webhook-failure e-mail, an address the stack (or alertFromIdentity) makes an SES identity. ` +
        `Only the ${developmentStage} stage may leave it unset (and then sends no such e-mail).`,
    );
  }

  const logLevel = (text(context, 'logLevel') ?? 'INFO').toUpperCase();
  if (!logLevels.includes(logLevel)) throw new DeploymentConfigError(`Context logLevel must be one of ${logLevels.join(', ')}`);

  const previousSigningKeyArns = kmsKeyArns(context, 'previousSigningKeyArns');
  const previousTestSigningKeyArns = kmsKeyArns(context, 'previousTestSigningKeyArns');
  const shared = previousSigningKeyArns.filter((arn) => previousTestSigningKeyArns.includes(arn));
  if (shared.length > 0) {
    throw new DeploymentConfigError(`Context previousSigningKeyArns and previousTestSigningKeyArns both list ${shared.join(', ')}: each key signs one mode`);
  }

  return {
    stage,
    publicBaseUrl,
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    alertFromEmail,
    alertFromIdentity: alertIdentity(context, alertFromEmail),
    alertFromIdentityExists: flag(context, 'alertFromIdentityExists'),
    firstDeploy: flag(context, 'firstDeploy'),
    sesSandboxRecipients: emails(context, 'sesSandboxRecipients'),
    alarmEmail: email(context, 'alarmEmail'),
    logRetention: logRetention(context),
    logLevel,
    sources: {
      nppesApiUrl: httpsUrl(context, 'nppesApiUrl'),
      leieCsvUrl: httpsUrl(context, 'leieCsvUrl'),
      sodaBaseUrl: httpsUrl(context, 'sodaBaseUrl'),
      samBaseUrl: httpsUrl(context, 'samBaseUrl'),
      cmsDataBaseUrl: httpsUrl(context, 'cmsDataBaseUrl'),
      nppesFilesBaseUrl: httpsUrl(context, 'nppesFilesBaseUrl'),
    },
    sodaAppTokenSecret: text(context, 'sodaAppTokenSecret'),
    signingKeyGeneration: positiveInteger(context, 'signingKeyGeneration', 1),
    previousSigningKeyArns,
    testSigningKeyGeneration: positiveInteger(context, 'testSigningKeyGeneration', 1),
    previousTestSigningKeyArns,
    pdfSigningWithKms: flag(context, 'pdfSigningWithKms', true),
    pdfCsrSigner: pdfCsrSigner(context),
  };
}

/**
 * `pdfCsrSignerRoleArn` with `pdfCsrSignerUntil`: a grant that lapses on its own, so one forgotten in a
 * deploy script does not leave a person able to sign PDFs as the service.
 */
function pdfCsrSigner(context: Context): DeploymentConfig['pdfCsrSigner'] {
  const roleArn = text(context, 'pdfCsrSignerRoleArn');
  const until = text(context, 'pdfCsrSignerUntil');
  if (roleArn === undefined && until === undefined) return undefined;
  if (roleArn === undefined || until === undefined) {
    throw new DeploymentConfigError(
      'Context pdfCsrSignerRoleArn and pdfCsrSignerUntil go together: the role that makes the PDF certificate request, and when its grant ends',
    );
  }
  if (!/^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/.test(roleArn)) {
    throw new DeploymentConfigError(`Context pdfCsrSignerRoleArn must be an IAM role ARN (arn:aws:iam::<account>:role/<name>), got "${roleArn}"`);
  }
  const time = new Date(until);
  // The date must be a real one: Date would take 2026-02-31 for March 3rd.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?Z$/.test(until) || Number.isNaN(time.getTime()) || time.toISOString().slice(0, 10) !== until.slice(0, 10)) {
    throw new DeploymentConfigError(`Context pdfCsrSignerUntil must be a UTC time such as 2026-05-01T18:00:00Z, got "${until}"`);
  }
  return { roleArn, until: time.toISOString().replace(/\.000Z$/, 'Z') };
}

/** A comma-separated list of KMS key ARNs. */
function kmsKeyArns(context: Context, name: string): string[] {
  const arns = (text(context, name) ?? '')
    .split(',')
    .map((arn) => arn.trim())
    .filter(Boolean);
  for (const arn of arns) {
    if (!/^arn:aws[a-z-]*:kms:[a-z0-9-]+:\d{12}:key\/[\w-]+$/.test(arn)) throw new DeploymentConfigError(`Context ${name}: "${arn}" is not a KMS key ARN`);
  }
  return arns;
}

/** The region an ACM certificate ARN names (`arn:aws:acm:<region>:<account>:certificate/<id>`). */
export function certificateRegion(certificateArn: string): string {
  return certificateArn.split(':')[3]!;
}

/**
 * Checks the settings against where the stack goes: API Gateway takes a regional endpoint's
 * certificate only from ACM in the API's own region. `region` is the stack's region, undefined while it
 * is unresolved (no CDK_DEFAULT_REGION); `prod` then fails, as its certificate could not be checked.
 */
export function checkDeploymentRegion(config: DeploymentConfig, region: string | undefined): void {
  if (region === undefined) {
    if (config.stage === productionStage) {
      throw new DeploymentConfigError(
        `Stage ${productionStage} needs the stack's region at synth, to check the certificate against it: set AWS_REGION (or a profile with a region) for cdk, which passes it as CDK_DEFAULT_REGION`,
      );
    }
    return;
  }
  if (config.customDomain) {
    const certRegion = certificateRegion(config.customDomain.certificateArn);
    if (certRegion !== region) {
      throw new DeploymentConfigError(
        `Context certificateArn is in ${certRegion} but the stack deploys to ${region}: API Gateway needs the certificate of ${config.customDomain.domainName} from ACM in ${region}`,
      );
    }
  }
}

/** The SES identity the sender is authorised by (the address unless `alertFromIdentity` says otherwise). */
export function senderIdentity(config: DeploymentConfig): string | undefined {
  return config.alertFromIdentity ?? config.alertFromEmail;
}
