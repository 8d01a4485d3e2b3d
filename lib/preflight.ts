/**
 * Preflight: what a deploy with given settings needs from the account, checked before the deploy.
 * This module is the checks' logic only, a function from what AWS answered (`PreflightFacts`) to one
 * finding per check; `bin/preflight.ts` asks AWS and prints the findings (`npm run admin -- preflight`).
 *
 * The checks are a table (`preflightChecks`): each row names the check, what it checks, what its failure
 * asks of the operator, and the function that judges it; `preflightFindings` runs the rows in order.
 * They cover the settings, the region, the stack's state, the Socrata token and PDF signing secrets, an
 * operator's grant on the PDF signing key, the custom domain's certificate, the alert sender's SES
 * identity and the account's SES state, and the sources an operator uploads.
 */
import {
  certificateRegion,
  checkDeploymentRegion,
  DeploymentConfigError,
  senderIdentity,
  stackNamePrefix,
  type DeploymentConfig,
} from './deployment-config.ts';
import { assessFreshness, freshnessPolicy, operatorSourceIds, type VersionDates } from '../shared/features/sources/freshness.ts';

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

/** What one check found: its status and message (the check's id is the table row's). */
interface Verdict {
  readonly status: Status;
  readonly message: string;
}

const ok = (message: string): Verdict => ({ status: 'ok', message });
const warn = (message: string): Verdict => ({ status: 'warn', message });
const fail = (message: string): Verdict => ({ status: 'fail', message });

const noRegion = 'no AWS region configured: set AWS_REGION (or a profile with a region), as for cdk deploy';

function lookupError(what: string, lookup: { error: string }): Verdict {
  return fail(`could not read ${what}: ${lookup.error}`);
}

function secretVerdict(name: string, lookup: Lookup<SecretFacts>, whenEmpty: Verdict): Verdict {
  if ('error' in lookup) return lookupError(`secret ${name}`, lookup);
  if ('missing' in lookup) return fail(`secret ${name} does not exist in this region`);
  if (lookup.found.deletedDate) return fail(`secret ${name} is scheduled for deletion (${lookup.found.deletedDate}); restore it`);
  if (!lookup.found.hasValue) return { status: whenEmpty.status, message: `secret ${name} ${whenEmpty.message}` };
  return ok(`secret ${name} exists and has a value`);
}

/** Whether the PDF signing secret holds what the functions will read from it, judged by its field names. */
function pdfSecretContentVerdict(arn: string, config: DeploymentConfig, content: PdfSecretContent | undefined): Verdict {
  if (content === undefined) return ok(`secret ${arn} exists and has a value`);
  if ('error' in content) return warn(`secret ${arn} has a value, but it could not be read to check its fields: ${content.error}`);
  if ('notJson' in content) return fail(`secret ${arn} is not JSON: GET /v1/certificate/{id}/pdf answers 500`);
  const has = (field: string) => content.fields.includes(field);
  if (config.pdfSigningWithKms) {
    if (has('private_key_pem')) {
      return fail(
        `secret ${arn} holds a private_key_pem, but PDFs are signed by the KMS key PdfSigningKey and the PDF function refuses a secret with a key: ` +
          'store only certificate_pem and chain_pem (docs/deployment.md, step 7), or deploy with -c pdfSigningWithKms=false to keep signing with the PEM key',
      );
    }
    if (!has('certificate_pem')) return fail(`secret ${arn} has no certificate_pem: the certificate issued for PdfSigningKey goes there`);
    return ok(`secret ${arn} holds the certificate of the KMS key PdfSigningKey, and no private key`);
  }
  if (!has('certificate_pem') || !has('private_key_pem')) return fail(`secret ${arn} needs certificate_pem and private_key_pem while pdfSigningWithKms=false`);
  return ok(`secret ${arn} holds a certificate and its PEM key (pdfSigningWithKms=false)`);
}

/** The stack as the later checks see it: a first deploy (`missing`), an update (`exists`), or not known. */
type StackState = 'missing' | 'exists' | 'unknown';

/** What the checks after `region` work from: settings that are valid, and a region. */
interface Deployment {
  readonly facts: PreflightFacts;
  readonly config: DeploymentConfig;
  readonly region: string;
  readonly stackState: StackState;
}

function deploymentToCheck(facts: PreflightFacts): Deployment | undefined {
  if (!isConfig(facts.config) || !facts.region) return undefined;
  const stack = facts.stack;
  const stackState: StackState = !stack || 'error' in stack ? 'unknown' : 'missing' in stack ? 'missing' : 'exists';
  return { facts, config: facts.config, region: facts.region, stackState };
}

/**
 * One row of the preflight: its id, what it checks, what its failure asks of the operator, and the
 * check itself. A check gives one verdict (under its id) or findings of its own (the uploaded sources,
 * one each). `facts` checks run on whatever AWS and the context answered; the `deployment` checks need
 * valid settings and a region, and none runs without them. `when` says when a check applies at all.
 */
type PreflightCheck = {
  readonly id: string;
  readonly checks: string;
  readonly fix: string;
} & (
  | { readonly needs: 'facts'; readonly run: (facts: PreflightFacts) => Verdict }
  | {
      readonly needs: 'deployment';
      readonly when?: (deployment: Deployment) => boolean;
      readonly run: (deployment: Deployment) => Verdict | readonly Finding[];
    }
);

/** Whether the deploy sends the webhook-failure e-mail, and so needs SES. */
const sendsEmail = (d: Deployment): boolean => senderIdentity(d.config) !== undefined;

/** The checks, in the order they run and print. */
export const preflightChecks: readonly PreflightCheck[] = [
  {
    id: 'settings',
    checks: 'the context (cdk.json and -c) gives a valid configuration for the stack, as synth would',
    fix: 'correct the context value the message names',
    needs: 'facts',
    run: (facts) => {
      if (!isConfig(facts.config)) return fail(facts.config.error);
      const config = facts.config;
      try {
        checkDeploymentRegion(config, facts.region);
      } catch (error) {
        if (!(error instanceof DeploymentConfigError)) throw error;
        return fail(error.message);
      }
      return ok(
        [
          `stage ${config.stage}`,
          config.customDomain ? `domain ${config.customDomain.domainName}` : 'no custom domain',
          config.alertFromEmail ? `alerts from ${config.alertFromEmail}` : 'no alert sender',
        ].join(', '),
      );
    },
  },
  {
    id: 'region',
    checks: 'the region the deploy goes to is known',
    fix: 'set AWS_REGION, or use a profile with a region',
    needs: 'facts',
    run: (facts) => (facts.region ? ok(facts.region) : fail(noRegion)),
  },
  {
    id: 'stack',
    checks: 'whether the stack exists, and not in a state a deploy cannot start from',
    fix: 'firstDeploy=true for a first deploy only; delete a stack whose first deploy failed; continue a failed rollback; wait for an operation in progress',
    needs: 'deployment',
    run: ({ facts, config }) => {
      const stack = facts.stack;
      const name = facts.stackName;
      if (!stack) return fail(`${name} was not looked up`);
      if ('error' in stack) return fail(`could not describe ${name}: ${stack.error}`);
      if ('missing' in stack) {
        return config.firstDeploy
          ? ok(`${name} does not exist yet: this is its first deploy (firstDeploy=true)`)
          : fail(
              `${name} does not exist yet: deploy it the first time with -c firstDeploy=true (its tables then have no deletion protection, so a failed first deploy rolls back cleanly; the next deploy, without the flag, turns it on)`,
            );
      }
      const status = stack.found.status;
      if (status === 'ROLLBACK_COMPLETE' || status === 'ROLLBACK_FAILED') {
        return fail(`${name} is ${status} (its first deploy failed): delete it (aws cloudformation delete-stack) before deploying again`);
      }
      if (status === 'UPDATE_ROLLBACK_FAILED')
        return fail(`${name} is ${status}: aws cloudformation continue-update-rollback --stack-name ${name}, then deploy`);
      if (status.endsWith('_IN_PROGRESS')) return fail(`${name} is ${status}: wait for that operation to end`);
      if (config.firstDeploy) return fail(`${name} exists (${status}): leave out -c firstDeploy=true, which would turn off the tables' deletion protection`);
      return ok(`${name} exists (${status})`);
    },
  },
  {
    id: 'soda-token-secret',
    checks:
      'the Socrata token secret named by sodaAppTokenSecret exists and has a value (a dynamic reference to a missing secret fails the deploy and rolls it back)',
    fix: 'create the secret, give it a value, or restore it',
    needs: 'deployment',
    run: ({ facts, config }) => {
      if (config.sodaAppTokenSecret === undefined) return ok('sodaAppTokenSecret not set: Socrata is called without an app token (optional)');
      if (!facts.sodaSecret) return fail(`secret ${config.sodaAppTokenSecret} was not looked up`);
      return secretVerdict(config.sodaAppTokenSecret, facts.sodaSecret, fail('has no value: the deploy resolves it into the functions'));
    },
  },
  {
    id: 'pdf-signing-secret',
    checks:
      'once the stack exists, its PDF signing secret has a value and the fields that value needs: only the certificates while the KMS key signs (the PDF function refuses a private_key_pem there), the certificate and its key with pdfSigningWithKms=false',
    fix: 'load the signing certificate (and, with pdfSigningWithKms=false, its key) into the secret (docs/deployment.md)',
    needs: 'deployment',
    run: ({ facts, config, stackState }) => {
      if (stackState === 'missing') return ok('created by the first deploy; load the signing certificate into it afterwards (docs/deployment.md)');
      if (stackState === 'unknown') return warn('not checked: the stack could not be described');
      if (!facts.pdfSecret) return fail('the stack has no PdfSigningSecretArn output');
      const arn = 'found' in facts.stack! ? (facts.stack.found.outputs.PdfSigningSecretArn ?? 'PdfSigningSecret') : 'PdfSigningSecret';
      const verdict = secretVerdict(arn, facts.pdfSecret, warn('has no value yet: GET /v1/certificate/{id}/pdf answers 500 until it is loaded'));
      return verdict.status === 'ok' && 'found' in facts.pdfSecret ? pdfSecretContentVerdict(arn, config, facts.pdfSecret.found.content) : verdict;
    },
  },
  {
    id: 'pdf-csr-signer',
    checks:
      'while pdfCsrSignerRoleArn grants an operator role use of the PDF signing key: a reminder to deploy without it once the certificate request is made',
    fix: 'make the certificate request (npm run admin -- pdf-signing-csr), then deploy without pdfCsrSignerRoleArn and pdfCsrSignerUntil',
    needs: 'deployment',
    when: ({ config }) => config.pdfCsrSigner !== undefined,
    run: ({ facts, config }) => {
      const { roleArn, until } = config.pdfCsrSigner!;
      const lapsed = facts.now !== undefined && facts.now.getTime() >= Date.parse(until);
      return warn(
        lapsed
          ? `the grant to ${roleArn} on the PDF signing key lapsed at ${until}: drop pdfCsrSignerRoleArn and pdfCsrSignerUntil from the deploy`
          : `${roleArn} may have the PDF signing key sign until ${until}: make the certificate request (npm run admin -- pdf-signing-csr), then deploy without pdfCsrSignerRoleArn`,
      );
    },
  },
  {
    id: 'certificate',
    checks: "the custom domain's ACM certificate is ISSUED, in the stack's region, and covers the domain",
    fix: "issue (or import) a certificate for the domain in the stack's region, and name it in certificateArn",
    needs: 'deployment',
    run: ({ facts, config, region }) => {
      if (!config.customDomain) return ok('no custom domain: the API is reached on its execute-api endpoint');
      const { domainName, certificateArn } = config.customDomain;
      const cert = facts.certificate;
      const certRegion = certificateRegion(certificateArn);
      if (!cert) return fail(`${certificateArn} was not looked up`);
      if ('error' in cert) return fail(`could not describe ${certificateArn}: ${cert.error}`);
      if ('missing' in cert) return fail(`${certificateArn} does not exist in ${certRegion}`);
      const problems = [
        ...(cert.found.status !== 'ISSUED' ? [`is ${cert.found.status}, not ISSUED`] : []),
        ...(certRegion !== region ? [`is in ${certRegion}, not the stack's region ${region}`] : []),
        ...(!certificateCovers([cert.found.domainName, ...cert.found.subjectAlternativeNames], domainName) ? [`does not cover ${domainName}`] : []),
      ];
      return problems.length ? fail(`${certificateArn} ${problems.join('; ')}`) : ok(`${certificateArn} is ISSUED in ${certRegion} for ${domainName}`);
    },
  },
  {
    id: 'ses-identity',
    checks: "the sender's SES identity is verified (or will be created by the deploy, or would collide with an existing one the deploy tries to create)",
    fix: 'confirm the address (the link SES e-mails) or publish the DKIM records; alertFromIdentityExists=true when the identity exists already',
    needs: 'deployment',
    run: ({ facts, config, region, stackState }) => {
      const identity = senderIdentity(config);
      if (identity === undefined) return warn(`no alertFromEmail: stage ${config.stage} sends no webhook-failure e-mail`);
      const found = facts.sesIdentity;
      const createdByStack = !config.alertFromIdentityExists;
      if (!found) return fail(`SES identity ${identity} was not looked up`);
      if ('error' in found) return fail(`could not read SES identity ${identity}: ${found.error}`);
      if ('missing' in found) {
        if (!createdByStack) return fail(`alertFromIdentityExists is set, but SES in ${region} has no identity ${identity}`);
        const confirm = identity.includes('@') ? `open the link SES e-mails to ${identity}` : 'publish the DKIM records of the AlertSenderDkim outputs';
        return warn(`${identity} is not in SES yet: the deploy creates it; then ${confirm}. SES refuses to send until it is verified`);
      }
      if (createdByStack && stackState === 'missing') {
        return fail(`${identity} already exists in SES: the deploy would fail creating it. Deploy with -c alertFromIdentityExists=true`);
      }
      if (!found.found.verifiedForSending) {
        return fail(`${identity} is not verified for sending (${found.found.verificationStatus ?? 'unknown'}): the webhook-failure e-mail cannot go out`);
      }
      return ok(`${identity} is verified for sending${identity === config.alertFromEmail ? '' : ` as ${config.alertFromEmail}`}`);
    },
  },
  {
    id: 'ses-account',
    checks: 'sending is enabled, and whether the account is still in the SES sandbox',
    fix: 'request SES production access (in the sandbox, list the verified recipients in -c sesSandboxRecipients)',
    needs: 'deployment',
    when: sendsEmail,
    run: ({ facts, region }) => {
      const account = facts.sesAccount;
      if (!account) return fail('the SES account was not looked up');
      if ('error' in account) return fail(`could not read the SES account: ${account.error}`);
      if ('missing' in account) return fail(`SES is not set up in ${region}`);
      if (!account.found.sendingEnabled) return fail(`sending is disabled for this account in ${region}`);
      if (!account.found.productionAccessEnabled) {
        return warn(
          `the account is in the SES sandbox in ${region}: mail goes only to verified addresses, and SES checks the grant on each recipient's identity too (list them in -c sesSandboxRecipients). Request production access`,
        );
      }
      return ok(`production access in ${region}`);
    },
  },
  {
    // Whether or not the deploy sends e-mail: a source nobody loaded answers `unavailable` all the same.
    id: 'operator-sources',
    checks: 'each source an operator uploads was loaded, and how long before it is stale (one finding each, source-<id>)',
    fix: 'load a current file (npm run admin -- ingest or ingest-roster, docs/operations.md)',
    needs: 'deployment',
    run: operatorSourceFindings,
  },
];

/** One finding per check, in the table's order. */
export function preflightFindings(facts: PreflightFacts): Finding[] {
  const deployment = deploymentToCheck(facts);
  const findings: Finding[] = [];
  for (const check of preflightChecks) {
    let outcome: Verdict | readonly Finding[];
    if (check.needs === 'facts') outcome = check.run(facts);
    else if (deployment === undefined) break;
    else if (check.when && !check.when(deployment)) continue;
    else outcome = check.run(deployment);
    findings.push(...('status' in outcome ? [{ check: check.id, ...outcome }] : outcome));
  }
  return findings;
}

/** One finding per operator-uploaded source: never loaded, `ok` with the days it has left, nearing or past its stale age. */
function operatorSourceFindings({ facts }: Deployment): Finding[] {
  const lookup = facts.operatorSources;
  if (!lookup || 'missing' in lookup) return [];
  if ('error' in lookup) return [{ check: 'operator-sources', status: 'warn', message: `could not read the uploaded sources' versions: ${lookup.error}` }];
  const now = facts.now ?? new Date();
  return operatorSourceIds.map((id): Finding => {
    const check = `source-${id}`;
    const version = lookup.found[id] ?? undefined;
    const policy = freshnessPolicy(id);
    const freshness = assessFreshness(policy, version, now);
    const reload = `load a current file: npm run admin -- ${id.includes('_bme') || id.includes('_mqa') ? 'ingest-roster' : 'ingest'} ${id} --file <file> (docs/operations.md)`;
    if (!version) return { check, ...warn(`never loaded: answered as unavailable until an operator loads it; ${reload}`) };
    const days = Math.floor((Date.parse(freshness.staleAt!) - now.getTime()) / 86_400_000);
    if (freshness.state === 'ok') {
      return { check, ...ok(`version ${version.version} as of ${version.as_of ?? version.ingested_at.slice(0, 10)}, ${days} days before it is stale`) };
    }
    if (freshness.state === 'degraded') {
      return {
        check,
        ...warn(`version ${version.version} is ${freshness.ageDays} days old: stale in ${days} days (${policy.staleAfterDays}-day limit); ${reload}`),
      };
    }
    return { check, ...warn(`version ${version.version} is ${freshness.state} (${freshness.reason}): not answered from; ${reload}`) };
  });
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
