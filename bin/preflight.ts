/**
 * `npm run admin -- preflight [--stack LicenseVerification-<stage>] [-c key=value …]`: asks AWS what a
 * deploy with these settings needs (lib/preflight.ts decides what the answers mean) and prints one line
 * per check, ok / warn / fail; the exit code is 1 when any check failed. The settings are read as the
 * CDK app reads them (cdk.json's context, then `-c`), and the region as cdk resolves it (AWS_REGION or
 * the profile's), so the checks see exactly what the deploy would. Nothing is changed in the account;
 * the PDF signing secret's value is read only for the names of its fields.
 */
import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { DescribeSecretCommand, GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { cdkJsonContext, contextArgs } from '../lib/cdk-context.ts';
import { stackOutputKey, tables } from '../shared/platform/infra/resources.ts';
import { operatorSourceIds, type VersionDates } from '../shared/features/sources/freshness.ts';
import {
  certificateRegion,
  deploymentConfig,
  DeploymentConfigError,
  senderIdentity,
  stackNamePrefix,
  type DeploymentConfig,
} from '../lib/deployment-config.ts';
import {
  formatFindings,
  preflightExitCode,
  preflightFindings,
  stageForStack,
  type Lookup,
  type PdfSecretContent,
  type PdfSecretFacts,
  type PreflightFacts,
  type SecretFacts,
} from '../lib/preflight.ts';

const notFound = new Set(['ResourceNotFoundException', 'NotFoundException']);

/** Runs one describe call: its result, `missing` when AWS says there is no such thing, or the error. */
async function lookup<T>(call: () => Promise<T>): Promise<Lookup<T>> {
  try {
    return { found: await call() };
  } catch (error) {
    const e = error as { name?: string; message?: string };
    // CloudFormation answers a missing stack with ValidationError "Stack with id … does not exist".
    if (notFound.has(e.name ?? '') || (e.name === 'ValidationError' && /does not exist/.test(e.message ?? ''))) return { missing: true };
    return { error: `${e.name ?? 'Error'}: ${e.message ?? String(error)}` };
  }
}

async function describeSecret(client: SecretsManagerClient, secretId: string): Promise<Lookup<SecretFacts>> {
  return lookup(async () => {
    const out = await client.send(new DescribeSecretCommand({ SecretId: secretId }));
    return {
      ...(out.DeletedDate ? { deletedDate: out.DeletedDate.toISOString() } : {}),
      hasValue: Object.values(out.VersionIdsToStages ?? {}).some((stages) => stages.includes('AWSCURRENT')),
    };
  });
}

/**
 * The PDF signing secret: whether it has a value and, if so, the names of the JSON fields of that value
 * (whether it holds a private key). The value itself is dropped as soon as it is parsed.
 */
async function describePdfSecret(client: SecretsManagerClient, secretId: string): Promise<Lookup<PdfSecretFacts>> {
  const described = await describeSecret(client, secretId);
  if (!('found' in described) || !described.found.hasValue || described.found.deletedDate) return described;
  let content: PdfSecretContent;
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
    try {
      const value: unknown = JSON.parse(out.SecretString ?? '');
      content = value !== null && typeof value === 'object' && !Array.isArray(value) ? { fields: Object.keys(value).sort() } : { notJson: true };
    } catch {
      content = { notJson: true };
    }
  } catch (error) {
    const e = error as { name?: string; message?: string };
    content = { error: `${e.name ?? 'Error'}: ${e.message ?? String(error)}` };
  }
  return { found: { ...described.found, content } };
}

/** The region the SDK (and cdk, from the same configuration) resolves; undefined when none is set. */
async function configuredRegion(): Promise<string | undefined> {
  const client = new SecretsManagerClient({});
  try {
    return await client.config.region();
  } catch {
    return undefined;
  } finally {
    client.destroy();
  }
}

export interface PreflightRequest {
  /** `--stack`; default `LicenseVerification-<stage of the context>`. */
  readonly stackName?: string;
  /** The app's context: cdk.json's, then `-c` values. */
  readonly context: Record<string, unknown>;
}

/** The facts asked of AWS beside the stack's, each only when the settings call for it. */
type AccountFacts = Required<Pick<PreflightFacts, 'sodaSecret' | 'pdfSecret' | 'certificate' | 'sesIdentity' | 'sesAccount'>>;

/** Asks every question of the table at once (a row without one is skipped); the answers under their names. */
async function askAll<T extends object>(questions: { [K in keyof T]: (() => Promise<T[K]>) | undefined }): Promise<Partial<T>> {
  const rows = Object.entries(questions) as [string, (() => Promise<unknown>) | undefined][];
  const answers = await Promise.all(rows.flatMap(([name, ask]) => (ask ? [ask().then((answer) => [name, answer] as const)] : [])));
  return Object.fromEntries(answers) as Partial<T>;
}

/** Asks AWS everything the checks need (read-only describe calls). */
export async function gatherPreflightFacts(request: PreflightRequest): Promise<PreflightFacts> {
  const contextStage = request.context.stage === undefined ? undefined : String(request.context.stage);
  let config: DeploymentConfig | { error: string };
  let stackName = request.stackName ?? `${stackNamePrefix}${contextStage ?? 'dev'}`;
  try {
    const stage = stageForStack(request.stackName, contextStage);
    config = deploymentConfig((key) => request.context[key], stage);
    stackName = `${stackNamePrefix}${config.stage}`;
  } catch (error) {
    if (!(error instanceof DeploymentConfigError)) throw error;
    config = { error: error.message };
  }
  const region = await configuredRegion();
  if (region === undefined || 'error' in config) return { stackName, config, region };

  const cloudFormation = new CloudFormationClient({ region });
  const secrets = new SecretsManagerClient({ region });
  const ses = new SESv2Client({ region });
  try {
    const stack = await lookup(async () => {
      const out = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
      const found = out.Stacks?.[0];
      if (!found) throw Object.assign(new Error(`Stack with id ${stackName} does not exist`), { name: 'ValidationError' });
      return {
        status: found.StackStatus ?? 'UNKNOWN',
        outputs: Object.fromEntries((found.Outputs ?? []).map((o) => [o.OutputKey ?? '', o.OutputValue ?? ''])),
      };
    });
    const pdfSecretArn = 'found' in stack ? stack.found.outputs.PdfSigningSecretArn : undefined;
    const sourceStateTable = 'found' in stack ? stack.found.outputs[stackOutputKey(tables.sourceState.envVar)] : undefined;
    const operatorSources = sourceStateTable ? await readOperatorSources(region, sourceStateTable) : undefined;
    const identity = senderIdentity(config);

    // What else the checks need, one row per fact: asked (all at once) only when the settings call for it.
    const answers = await askAll<AccountFacts>({
      sodaSecret: config.sodaAppTokenSecret ? () => describeSecret(secrets, config.sodaAppTokenSecret!) : undefined,
      pdfSecret: pdfSecretArn ? () => describePdfSecret(secrets, pdfSecretArn) : undefined,
      certificate: config.customDomain ? () => describeCertificate(config.customDomain!.certificateArn) : undefined,
      sesIdentity: identity
        ? () =>
            lookup(async () => {
              const out = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
              return {
                verifiedForSending: out.VerifiedForSendingStatus === true,
                ...(out.VerificationStatus ? { verificationStatus: out.VerificationStatus } : {}),
              };
            })
        : undefined,
      sesAccount: identity
        ? () =>
            lookup(async () => {
              const out = await ses.send(new GetAccountCommand({}));
              return { productionAccessEnabled: out.ProductionAccessEnabled === true, sendingEnabled: out.SendingEnabled === true };
            })
        : undefined,
    });
    return { stackName, config, region, now: new Date(), stack, ...answers, ...(operatorSources ? { operatorSources } : {}) };
  } finally {
    cloudFormation.destroy();
    secrets.destroy();
    ses.destroy();
  }
}

/** The current versions of the sources an operator uploads (their dates only), from the deployed SourceState table. */
async function readOperatorSources(region: string, table: string): Promise<Lookup<Record<string, VersionDates | null>>> {
  const dynamo = new DynamoDBClient({ region });
  try {
    return await lookup(async () => {
      const out = await DynamoDBDocumentClient.from(dynamo).send(
        new BatchGetCommand({
          RequestItems: {
            [table]: {
              Keys: operatorSourceIds.map((source) => ({ source })),
              ProjectionExpression: '#s, version, ingested_at, checked_at, as_of, rows_written_at',
              ExpressionAttributeNames: { '#s': 'source' },
            },
          },
        }),
      );
      const found = new Map((out.Responses?.[table] ?? []).map((item) => [item.source as string, item as unknown as VersionDates]));
      return Object.fromEntries(operatorSourceIds.map((id) => [id, found.get(id) ?? null]));
    });
  } finally {
    dynamo.destroy();
  }
}

/** The certificate, asked for in its own region (the check then compares it with the stack's). */
async function describeCertificate(certificateArn: string) {
  const acm = new ACMClient({ region: certificateRegion(certificateArn) });
  try {
    return await lookup(async () => {
      const out = await acm.send(new DescribeCertificateCommand({ CertificateArn: certificateArn }));
      const cert = out.Certificate ?? {};
      return { status: cert.Status ?? 'UNKNOWN', domainName: cert.DomainName ?? '', subjectAlternativeNames: cert.SubjectAlternativeNames ?? [] };
    });
  } finally {
    acm.destroy();
  }
}

/** The CLI command: prints the findings, returns the exit code. */
export async function runPreflight(options: { stack?: string; context?: readonly string[] }): Promise<number> {
  const context = { ...cdkJsonContext(), ...contextArgs(options.context ?? []) };
  const findings = preflightFindings(await gatherPreflightFacts({ ...(options.stack ? { stackName: options.stack } : {}), context }));
  process.stdout.write(`${formatFindings(findings)}\n`);
  return preflightExitCode(findings);
}
