/**
 * The configuration the local stack gives its handlers: the same variables the CDK stack sets on each
 * function, pointing at the emulators. Only configuration differs from AWS.
 */
import { signingEnv } from '#shared/features/certificates/signing-env.ts';
import { stateBoards } from '#shared/features/sources/boards/registry.ts';
import { rosterDefinitions } from '#shared/features/sources/rosters/definitions.ts';
import type { Endpoints } from './emulators.ts';
import type { LocalResourceNames } from './provision.ts';

/** Points the source connectors at the local source simulator. */
export function sourceEnvironment(simulatorUrl: string): Record<string, string> {
  return {
    // The simulator is on this machine: sources may be fetched from loopback addresses (their configured
    // hosts only). Local only: refused on AWS Lambda and never set by the CDK stack.
    SOURCE_ALLOW_LOOPBACK: 'true',
    NPPES_API_URL: `${simulatorUrl}/api/`,
    LEIE_CSV_URL: `${simulatorUrl}/exclusions/downloadables/UPDATED.csv`,
    SODA_BASE_URL: simulatorUrl,
    SAM_BASE_URL: simulatorUrl,
    CMS_DATA_BASE_URL: simulatorUrl,
    IL_HFS_BASE_URL: simulatorUrl,
    TX_HHSC_BASE_URL: simulatorUrl,
    CA_MEDI_CAL_BASE_URL: simulatorUrl,
    NPPES_FILES_BASE_URL: simulatorUrl,
    // Each roster's files under /rosters/<id>/ (roster-files.ts), at the paths its publisher uses.
    ...Object.fromEntries(Object.values(rosterDefinitions).map((r) => [r.baseUrlEnv, `${simulatorUrl}/rosters/${r.id}`])),
    WA_HCA_BASE_URL: simulatorUrl,
    CO_HCPF_BASE_URL: simulatorUrl,
    NY_OMIG_BASE_URL: simulatorUrl,
    // Each board looked up through its own web search (html-lookup.ts), at the publisher's paths.
    ...Object.fromEntries(Object.values(stateBoards).flatMap((b) => (b?.lookup ? [[b.lookup.baseUrlEnv, simulatorUrl]] : []))),
  };
}

export function localEnvironment(
  endpoints: Endpoints,
  names: LocalResourceNames,
  publicBaseUrl: string,
  simulatorUrl: string,
  /** The PEM certificate signing key of each mode. */
  signingKeyFiles?: { readonly live: string; readonly test: string },
  pdfSigningDir?: string,
  webhookSecretKeyFile?: string,
  idempotencyPepperFile?: string,
): Record<string, string> {
  return {
    ...(idempotencyPepperFile ? { IDEMPOTENCY_PEPPER_FILE: idempotencyPepperFile } : {}),
    ...(webhookSecretKeyFile ? { WEBHOOK_SECRET_KEY_FILE: webhookSecretKeyFile } : {}),
    // Test keys may post webhooks to receivers on this machine (loopback only, http or any port); the
    // operator's `WEBHOOK_ALLOW_LOOPBACK=all` lets live keys too, `false` neither. Local only: refused on
    // AWS Lambda and never set by the CDK stack.
    WEBHOOK_ALLOW_LOOPBACK: process.env.WEBHOOK_ALLOW_LOOPBACK?.trim() || 'true',
    // The sender the delivery worker may send from (the SES policy's ses:FromAddress).
    ALERT_FROM_EMAIL: 'alerts@license-verification.local',
    ...(signingKeyFiles ? { [signingEnv.live.keyFile]: signingKeyFiles.live, [signingEnv.test.keyFile]: signingKeyFiles.test } : {}),
    ...(pdfSigningDir ? { PDF_SIGNING_DIR: pdfSigningDir } : {}),
    ...sourceEnvironment(simulatorUrl),
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_SQS: endpoints.sqs,
    AWS_ENDPOINT_URL_SESV2: endpoints.ses,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    S3_FORCE_PATH_STYLE: 'true',
    PUBLIC_BASE_URL: publicBaseUrl,
    ...names.tables,
    ...names.queueUrls,
    ...names.buckets,
  };
}

export function applyEnvironment(env: Record<string, string>): void {
  Object.assign(process.env, env);
}
