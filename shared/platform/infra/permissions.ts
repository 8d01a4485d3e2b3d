/**
 * The AWS permissions of a function, derived from what its route or worker declares it uses
 * (routes.ts). The CDK stack turns them into IAM statements, one per resource with exactly these
 * actions; the local stack refuses, as AWS would, every call a function makes outside them; and the
 * least-privilege test checks both against the calls the test suite records (test/iam/aws-calls.json).
 */
import { buckets, queues, tables, type BucketId, type QueueId, type TableId } from './resources.ts';
import type { ObjectAction, ResourceUse, TableAction } from './resource-use.ts';

export type AwsService = 'dynamodb' | 's3' | 'sqs' | 'ses' | 'kms' | 'secretsmanager';

/** One action on one resource. Resources are named by their logical id: `table/Cache`, `bucket/CertificateBucket`. */
export interface Permission {
  readonly service: AwsService;
  readonly action: string;
  readonly resource: string;
}

/** The KMS keys, secret and SES identity of the stack, by the logical name permissions use. */
/** The certificate signing key of each mode. */
export const signingKeyResources = { live: 'key/CertificateSigningKey', test: 'key/TestCertificateSigningKey' } as const;
export const webhookSecretKeyResource = 'key/WebhookSecretKey';
export const pdfSigningSecretResource = 'secret/PdfSigningSecret';
export const pdfSigningKeyResource = 'key/PdfSigningKey';
export const idempotencyPepperSecretResource = 'secret/IdempotencyPepperSecret';
export const alertSenderResource = 'identity/AlertSender';

/** Whose recorded calls are those of the API-key pipeline (http/pipeline.ts), shared by every authenticated route. */
export const apiKeyPipeline = 'ApiKeyPipeline';

/** Whose recorded calls are those of running a verification (routes.ts `verificationUse`), shared by every function that verifies. */
export const verificationOwner = 'Verification';

/** Services the local stack emulates, whose calls the test suite can observe. */
export const observedServices: ReadonlySet<AwsService> = new Set(['dynamodb', 's3', 'sqs', 'ses']);

export const tableResource = (id: TableId) => `table/${tables[id].id}`;
export const bucketResource = (id: BucketId) => `bucket/${buckets[id].id}`;
export const queueResource = (id: QueueId) => `queue/${queues[id].id}`;

/** `dynamodb:GetItem table/Cache`: how permissions and recorded calls are written and compared. */
export function permissionKey(p: Permission): string {
  return `${p.service}:${p.action} ${p.resource}`;
}

export function permissionsOf(uses: ResourceUse): Permission[] {
  const out: Permission[] = [];
  for (const [id, actions] of Object.entries(uses.tables ?? {}) as [TableId, readonly TableAction[]][]) {
    for (const action of actions) out.push({ service: 'dynamodb', action, resource: tableResource(id) });
  }
  for (const [id, actions] of Object.entries(uses.buckets ?? {}) as [BucketId, readonly ObjectAction[]][]) {
    for (const action of actions) out.push({ service: 's3', action, resource: bucketResource(id) });
  }
  for (const [id, use] of Object.entries(uses.queues ?? {}) as [QueueId, 'send' | 'consume'][]) {
    // SendMessageBatch is authorised by sqs:SendMessage. Consuming is the event-source mapping's.
    if (use === 'send') out.push({ service: 'sqs', action: 'SendMessage', resource: queueResource(id) });
  }
  // A function that signs signs certificates of both modes (a live or a test key calls it); one that
  // publishes reads the public keys of both.
  for (const resource of uses.signingKey ? Object.values(signingKeyResources) : []) {
    if (uses.signingKey === 'sign') out.push({ service: 'kms', action: 'Sign', resource });
    out.push({ service: 'kms', action: 'GetPublicKey', resource });
  }
  if (uses.webhookSecrets) {
    out.push({ service: 'kms', action: uses.webhookSecrets === 'seal' ? 'Encrypt' : 'Decrypt', resource: webhookSecretKeyResource });
  }
  if (uses.pdfSigning) {
    out.push({ service: 'secretsmanager', action: 'GetSecretValue', resource: pdfSigningSecretResource });
    // The KMS key that signs PDFs when configured (pdfSigningWithKms); its public key is compared with the certificate's.
    out.push({ service: 'kms', action: 'Sign', resource: pdfSigningKeyResource });
    out.push({ service: 'kms', action: 'GetPublicKey', resource: pdfSigningKeyResource });
  }
  if (uses.idempotencyPepper) out.push({ service: 'secretsmanager', action: 'GetSecretValue', resource: idempotencyPepperSecretResource });
  if (uses.email) out.push({ service: 'ses', action: 'SendEmail', resource: alertSenderResource });
  return out;
}

/** Permissions grouped by resource, for one IAM statement per resource. */
export function permissionsByResource(permissions: readonly Permission[]): Map<string, { service: AwsService; actions: string[] }> {
  const out = new Map<string, { service: AwsService; actions: string[] }>();
  for (const p of permissions) {
    const entry = out.get(p.resource) ?? { service: p.service, actions: [] };
    if (!entry.actions.includes(p.action)) entry.actions.push(p.action);
    out.set(p.resource, entry);
  }
  return out;
}
