/**
 * Preflight: what a deploy with given settings needs from the account, checked before the deploy.
 * This module is the checks' logic only, a function from what AWS answered (`PreflightFacts`) to one
 * finding per check; `bin/preflight.ts` asks AWS and prints the findings (`npm run admin -- preflight`).
 *
 * - settings: the context (cdk.json and `-c`) gives a valid configuration for the stack, as synth would;
 * - region: the region the deploy goes to is known;
 * - stack: whether it exists, and not in a state a deploy cannot start from;
 * - soda-token-secret: the Socrata token secret named by `sodaAppTokenSecret` exists and has a value
 *   (a dynamic reference to a missing secret fails the deploy and rolls it back);
 * - pdf-signing-secret: once the stack exists, its PDF signing secret has a value, and the fields that
 *   value needs: only the certificates while the KMS key signs (a private_key_pem there is refused by the
 *   PDF function), the certificate and its key with `pdfSigningWithKms=false`;
 * - pdf-csr-signer: only while `pdfCsrSignerRoleArn` grants an operator role use of the PDF signing
 *   key, a reminder to deploy without it once the certificate request is made;
 * - certificate: the custom domain's ACM certificate is ISSUED, in the stack's region, and covers the domain;
 * - ses-identity: the sender's SES identity is verified (or will be created by the deploy, or would
 *   collide with an existing one the deploy tries to create);
 * - ses-account: sending is enabled, and whether the account is still in the SES sandbox.
 */
import {
  certificateRegion,
  checkDeploymentRegion,
  DeploymentConfigError,
  senderIdentity,
  stackNamePrefix,
  type DeploymentConfig,
} from './deployment-config.ts';
import { assessFreshness, freshnessPolicy, operatorSourceIds, type VersionDates } from '../shared/sources/freshness.ts';

export type Status = 'ok' | 'warn' | 'fail';

export interface Finding {
  readonly check: string;
  readonly status: Status;
  readonly message: string;
}

/** What a describe call answered: the thing, or that it does not exist, or another error. */
export type Lookup<T> = { readonly found: T } | { readonly missing: true } | { readonly error: string };

export interface SecretFacts {
  /** Set when the secret is scheduled for deletion. */
  readonly deletedDate?: string;
  /** A version is staged AWSCURRENT: the secret has a value. */
  readonly hasValue: boolean;
}

/** What the PDF signing secret's value holds: the names of its JSON fields (never their values). */
export type PdfSecretContent = { readonly fields: readonly string[] } | { readonly notJson: true } | { readonly error: string };

export interface PdfSecretFacts extends SecretFacts {
  /** Read only when the secret has a value. */
  readonly content?: PdfSecretContent;
}

export interface CertificateFacts {
  readonly status: string;
  readonly domainName: string;
  readonly subjectAlternativeNames: readonly string[];
}

export interface SesIdentityFacts {
  readonly verifiedForSending: boolean;
  /** SES's verification status (PENDING, SUCCESS, FAILED, TEMPORARY_FAILURE, NOT_STARTED). */
  readonly verificationStatus?: string;
}

export interface SesAccountFacts {
  readonly productionAccessEnabled: boolean;
  readonly sendingEnabled: boolean;
}

export interface StackFacts {
  readonly status: string;
  readonly outputs: Readonly<Record<string, string>>;
}

export interface PreflightFacts {
  readonly stackName: string;
  /** The settings as synth would read them, or why they fail. */
  readonly config: DeploymentConfig | { readonly error: string };
  /** The region the AWS clients (and so cdk) resolve; undefined when none is configured. */
  readonly region: string | undefined;
  readonly stack?: Lookup<StackFacts>;
  readonly sodaSecret?: Lookup<SecretFacts>;
  readonly pdfSecret?: Lookup<PdfSecretFacts>;
  readonly certificate?: Lookup<CertificateFacts>;
  readonly sesIdentity?: Lookup<SesIdentityFacts>;
  readonly sesAccount?: Lookup<SesAccountFacts>;
  /** The time of the checks, for grants that lapse; without it they are not compared with the clock. */
  readonly now?: Date;
  /**
   * The pointers of the sources an operator uploads (freshness.ts `operatorSourceIds`), read from the
   * deployed SourceState table: null for one never loaded. Absent when there is no stack yet.
   */
  readonly operatorSources?: Lookup<Readonly<Record<string, VersionDates | null>>>;
}

/**
 * The stage a stack name stands for (`LicenseVerification-<stage>`), reconciled with a stage given in
 * the context. Throws when they disagree or the name is not one of this app's stacks.
 */
export function stageForStack(stackName: string | undefined, contextStage: string | undefined): string | undefined {
  if (stackName === undefined) return contextStage;
  if (!stackName.startsWith(stackNamePrefix) || stackName.length === stackNamePrefix.length) {
    throw new DeploymentConfigError(`--stack ${stackName} is not a stack of this app (${stackNamePrefix}<stage>)`);
  }
  const stage = stackName.slice(stackNamePrefix.length);
  if (contextStage !== undefined && contextStage !== stage) {
    throw new DeploymentConfigError(`--stack ${stackName} is stage ${stage}, but the context says stage=${contextStage}`);
  }
  return stage;
}

const isConfig = (config: PreflightFacts['config']): config is DeploymentConfig => !('error' in config);

/** A wildcard certificate name covers one label: `*.example.com` covers `api.example.com`, not `a.b.example.com`. */
export function certificateCovers(names: readonly string[], domain: string): boolean {
  return names.some((name) => {
    const n = name.toLowerCase();
    if (n === domain) return true;
    if (!n.startsWith('*.')) return false;
    const rest = domain.slice(domain.indexOf('.') + 1);
    return domain.includes('.') && rest === n.slice(2);
  });
}

function lookupError(check: string, what: string, lookup: { error: string }): Finding {
  return { check, status: 'fail', message: `could not read ${what}: ${lookup.error}` };
}

function secretFinding(check: string, name: string, lookup: Lookup<SecretFacts>, whenEmpty: { status: Status; message: string }): Finding {
  if ('error' in lookup) return lookupError(check, `secret ${name}`, lookup);
  if ('missing' in lookup) return { check, status: 'fail', message: `secret ${name} does not exist in this region` };
  if (lookup.found.deletedDate) return { check, status: 'fail', message: `secret ${name} is scheduled for deletion (${lookup.found.deletedDate}); restore it` };
  if (!lookup.found.hasValue) return { check, status: whenEmpty.status, message: `secret ${name} ${whenEmpty.message}` };
  return { check, status: 'ok', message: `secret ${name} exists and has a value` };
}

/** Whether the PDF signing secret holds what the functions will read from it, judged by its field names. */
function pdfSecretContentFinding(arn: string, config: DeploymentConfig, content: PdfSecretContent | undefined): Finding {
  const check = 'pdf-signing-secret';
  if (content === undefined) return { check, status: 'ok', message: `secret ${arn} exists and has a value` };
  if ('error' in content)
    return { check, status: 'warn', message: `secret ${arn} has a value, but it could not be read to check its fields: ${content.error}` };
  if ('notJson' in content) return { check, status: 'fail', message: `secret ${arn} is not JSON: GET /v1/certificate/{id}/pdf answers 500` };
  const has = (field: string) => content.fields.includes(field);
  if (config.pdfSigningWithKms) {
    if (has('private_key_pem')) {
      return {
        check,
        status: 'fail',
        message:
          `secret ${arn} holds a private_key_pem, but PDFs are signed by the KMS key PdfSigningKey and the PDF function refuses a secret with a key: ` +
          'store only certificate_pem and chain_pem (docs/deployment.md, step 7), or deploy with -c pdfSigningWithKms=false to keep signing with the PEM key',
      };
    }
    if (!has('certificate_pem'))
      return { check, status: 'fail', message: `secret ${arn} has no certificate_pem: the certificate issued for PdfSigningKey goes there` };
    return { check, status: 'ok', message: `secret ${arn} holds the certificate of the KMS key PdfSigningKey, and no private key` };
  }
  if (!has('certificate_pem') || !has('private_key_pem')) {
    return { check, status: 'fail', message: `secret ${arn} needs certificate_pem and private_key_pem while pdfSigningWithKms=false` };
  }
  return { check, status: 'ok', message: `secret ${arn} holds a certificate and its PEM key (pdfSigningWithKms=false)` };
}

/** One finding per check, in a fixed order. */
export function preflightFindings(facts: PreflightFacts): Finding[] {
  const findings: Finding[] = [];
  const add = (check: string, status: Status, message: string) => findings.push({ check, status, message });

  if (!isConfig(facts.config)) {
    add('settings', 'fail', facts.config.error);
    add('region', facts.region ? 'ok' : 'fail', facts.region ?? 'no AWS region configured: set AWS_REGION (or a profile with a region), as for cdk deploy');
    return findings;
  }
  const config = facts.config;
  try {
    checkDeploymentRegion(config, facts.region);
    const parts = [
      `stage ${config.stage}`,
      config.customDomain ? `domain ${config.customDomain.domainName}` : 'no custom domain',
      config.alertFromEmail ? `alerts from ${config.alertFromEmail}` : 'no alert sender',
    ];
    add('settings', 'ok', parts.join(', '));
  } catch (error) {
    if (!(error instanceof DeploymentConfigError)) throw error;
    add('settings', 'fail', error.message);
  }
  if (!facts.region) {
    add('region', 'fail', 'no AWS region configured: set AWS_REGION (or a profile with a region), as for cdk deploy');
    return findings;
  }
  add('region', 'ok', facts.region);

  // The stack: a first deploy, an update, or a state no deploy can start from.
  const stack = facts.stack;
  let stackState: 'missing' | 'exists' | 'unknown' = 'unknown';
  if (!stack || 'error' in stack)
    add('stack', 'fail', stack ? `could not describe ${facts.stackName}: ${stack.error}` : `${facts.stackName} was not looked up`);
  else if ('missing' in stack) {
    stackState = 'missing';
    if (isConfig(facts.config) && !facts.config.firstDeploy) {
      add(
        'stack',
        'fail',
        `${facts.stackName} does not exist yet: deploy it the first time with -c firstDeploy=true (its tables then have no deletion protection, so a failed first deploy rolls back cleanly; the next deploy, without the flag, turns it on)`,
      );
    } else add('stack', 'ok', `${facts.stackName} does not exist yet: this is its first deploy (firstDeploy=true)`);
  } else {
    stackState = 'exists';
    const status = stack.found.status;
    if (status === 'ROLLBACK_COMPLETE' || status === 'ROLLBACK_FAILED') {
      add('stack', 'fail', `${facts.stackName} is ${status} (its first deploy failed): delete it (aws cloudformation delete-stack) before deploying again`);
    } else if (status === 'UPDATE_ROLLBACK_FAILED') {
      add('stack', 'fail', `${facts.stackName} is ${status}: aws cloudformation continue-update-rollback --stack-name ${facts.stackName}, then deploy`);
    } else if (status.endsWith('_IN_PROGRESS')) {
      add('stack', 'fail', `${facts.stackName} is ${status}: wait for that operation to end`);
    } else if (isConfig(facts.config) && facts.config.firstDeploy) {
      add('stack', 'fail', `${facts.stackName} exists (${status}): leave out -c firstDeploy=true, which would turn off the tables' deletion protection`);
    } else {
      add('stack', 'ok', `${facts.stackName} exists (${status})`);
    }
  }

  // Secrets the deploy and the functions read.
  if (config.sodaAppTokenSecret === undefined) add('soda-token-secret', 'ok', 'sodaAppTokenSecret not set: Socrata is called without an app token (optional)');
  else if (!facts.sodaSecret) add('soda-token-secret', 'fail', `secret ${config.sodaAppTokenSecret} was not looked up`);
  else {
    findings.push(
      secretFinding('soda-token-secret', config.sodaAppTokenSecret, facts.sodaSecret, {
        status: 'fail',
        message: 'has no value: the deploy resolves it into the functions',
      }),
    );
  }
  if (stackState === 'missing')
    add('pdf-signing-secret', 'ok', 'created by the first deploy; load the signing certificate into it afterwards (docs/deployment.md)');
  else if (stackState === 'unknown') add('pdf-signing-secret', 'warn', 'not checked: the stack could not be described');
  else if (!facts.pdfSecret) add('pdf-signing-secret', 'fail', 'the stack has no PdfSigningSecretArn output');
  else {
    const arn = 'found' in facts.stack! ? (facts.stack.found.outputs.PdfSigningSecretArn ?? 'PdfSigningSecret') : 'PdfSigningSecret';
    const found = secretFinding('pdf-signing-secret', arn, facts.pdfSecret, {
      status: 'warn',
      message: 'has no value yet: GET /v1/certificate/{id}/pdf answers 500 until it is loaded',
    });
    findings.push(found.status === 'ok' && 'found' in facts.pdfSecret ? pdfSecretContentFinding(arn, config, facts.pdfSecret.found.content) : found);
  }
  if (config.pdfCsrSigner) {
    const { roleArn, until } = config.pdfCsrSigner;
    const lapsed = facts.now !== undefined && facts.now.getTime() >= Date.parse(until);
    add(
      'pdf-csr-signer',
      'warn',
      lapsed
        ? `the grant to ${roleArn} on the PDF signing key lapsed at ${until}: drop pdfCsrSignerRoleArn and pdfCsrSignerUntil from the deploy`
        : `${roleArn} may have the PDF signing key sign until ${until}: make the certificate request (npm run admin -- pdf-signing-csr), then deploy without pdfCsrSignerRoleArn`,
    );
  }

  // The custom domain's certificate.
  if (!config.customDomain) add('certificate', 'ok', 'no custom domain: the API is reached on its execute-api endpoint');
  else {
    const { domainName, certificateArn } = config.customDomain;
    const cert = facts.certificate;
    const certRegion = certificateRegion(certificateArn);
    if (!cert || 'error' in cert)
      add('certificate', 'fail', cert ? `could not describe ${certificateArn}: ${cert.error}` : `${certificateArn} was not looked up`);
    else if ('missing' in cert) add('certificate', 'fail', `${certificateArn} does not exist in ${certRegion}`);
    else {
      const problems = [
        ...(cert.found.status !== 'ISSUED' ? [`is ${cert.found.status}, not ISSUED`] : []),
        ...(certRegion !== facts.region ? [`is in ${certRegion}, not the stack's region ${facts.region}`] : []),
        ...(!certificateCovers([cert.found.domainName, ...cert.found.subjectAlternativeNames], domainName) ? [`does not cover ${domainName}`] : []),
      ];
      if (problems.length) add('certificate', 'fail', `${certificateArn} ${problems.join('; ')}`);
      else add('certificate', 'ok', `${certificateArn} is ISSUED in ${certRegion} for ${domainName}`);
    }
  }

  // The alert sender's SES identity, and the account's SES state.
  const identity = senderIdentity(config);
  if (identity === undefined) {
    add('ses-identity', 'warn', `no alertFromEmail: stage ${config.stage} sends no webhook-failure e-mail`);
    return findings;
  }
  const found = facts.sesIdentity;
  const createdByStack = !config.alertFromIdentityExists;
  if (!found || 'error' in found)
    add('ses-identity', 'fail', found ? `could not read SES identity ${identity}: ${found.error}` : `SES identity ${identity} was not looked up`);
  else if ('missing' in found) {
    if (createdByStack) {
      add(
        'ses-identity',
        'warn',
        `${identity} is not in SES yet: the deploy creates it; then ${identity.includes('@') ? `open the link SES e-mails to ${identity}` : 'publish the DKIM records of the AlertSenderDkim outputs'}. SES refuses to send until it is verified`,
      );
    } else {
      add('ses-identity', 'fail', `alertFromIdentityExists is set, but SES in ${facts.region} has no identity ${identity}`);
    }
  } else if (createdByStack && stackState === 'missing') {
    add('ses-identity', 'fail', `${identity} already exists in SES: the deploy would fail creating it. Deploy with -c alertFromIdentityExists=true`);
  } else if (!found.found.verifiedForSending) {
    add(
      'ses-identity',
      'fail',
      `${identity} is not verified for sending (${found.found.verificationStatus ?? 'unknown'}): the webhook-failure e-mail cannot go out`,
    );
  } else {
    add('ses-identity', 'ok', `${identity} is verified for sending${identity === config.alertFromEmail ? '' : ` as ${config.alertFromEmail}`}`);
  }

  const account = facts.sesAccount;
  if (!account || 'error' in account)
    add('ses-account', 'fail', account ? `could not read the SES account: ${account.error}` : 'the SES account was not looked up');
  else if ('missing' in account) add('ses-account', 'fail', `SES is not set up in ${facts.region}`);
  else if (!account.found.sendingEnabled) add('ses-account', 'fail', `sending is disabled for this account in ${facts.region}`);
  else if (!account.found.productionAccessEnabled) {
    add(
      'ses-account',
      'warn',
      `the account is in the SES sandbox in ${facts.region}: mail goes only to verified addresses, and SES checks the grant on each recipient's identity too (list them in -c sesSandboxRecipients). Request production access`,
    );
  } else add('ses-account', 'ok', `production access in ${facts.region}`);
  operatorSourceFindings(facts, add);
  return findings;
}

/** One finding per operator-uploaded source: never loaded, `ok` with the days it has left, nearing or past its stale age. */
function operatorSourceFindings(facts: PreflightFacts, add: (check: string, status: Status, message: string) => void): void {
  const lookup = facts.operatorSources;
  if (!lookup) return;
  if ('error' in lookup) {
    add('operator-sources', 'warn', `could not read the uploaded sources' versions: ${lookup.error}`);
    return;
  }
  if ('missing' in lookup) return;
  const now = facts.now ?? new Date();
  for (const id of operatorSourceIds) {
    const check = `source-${id}`;
    const version = lookup.found[id] ?? undefined;
    const policy = freshnessPolicy(id);
    const freshness = assessFreshness(policy, version, now);
    const reload = `load a current file: npm run admin -- ${id.includes('_bme') || id.includes('_mqa') ? 'ingest-roster' : 'ingest'} ${id} --file <file> (docs/operations.md)`;
    if (!version) {
      add(check, 'warn', `never loaded: answered as unavailable until an operator loads it; ${reload}`);
      continue;
    }
    const days = Math.floor((Date.parse(freshness.staleAt!) - now.getTime()) / 86_400_000);
    if (freshness.state === 'ok')
      add(check, 'ok', `version ${version.version} as of ${version.as_of ?? version.ingested_at.slice(0, 10)}, ${days} days before it is stale`);
    else if (freshness.state === 'degraded')
      add(check, 'warn', `version ${version.version} is ${freshness.ageDays} days old: stale in ${days} days (${policy.staleAfterDays}-day limit); ${reload}`);
    else add(check, 'warn', `version ${version.version} is ${freshness.state} (${freshness.reason}): not answered from; ${reload}`);
  }
}

/** One line per check: `ok   settings            stage prod, …`. */
export function formatFindings(findings: readonly Finding[]): string {
  const width = Math.max(...findings.map((f) => f.check.length));
  return findings.map((f) => `${f.status.padEnd(4)} ${f.check.padEnd(width)}  ${f.message}`).join('\n');
}

/** Non-zero when any check failed. */
export function preflightExitCode(findings: readonly Finding[]): number {
  return findings.some((f) => f.status === 'fail') ? 1 : 0;
}
