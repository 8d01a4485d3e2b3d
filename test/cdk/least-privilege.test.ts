/**
 * Least privilege, checked three ways round:
 * - each function's IAM policy in the synthesised template grants exactly the permissions its route or
 *   worker declares (shared/platform/infra/permissions.ts), plus what running at all needs (its log group,
 *   X-Ray, and for a worker, consuming its own queue);
 * - the reviewed file of calls the test suite makes (test/iam/aws-calls.json) lists exactly the
 *   declared permissions of the services the local stack emulates;
 * - the suite itself fails if a function makes a call outside its permissions (the local stack refuses
 *   it) or if a listed call is never made (test/iam/aws-calls-global-setup.ts).
 */
import { Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../lib/build-app.ts';
import type { ServiceStack } from '../../lib/service-stack.ts';
import {
  alertSenderResource,
  bucketResource,
  pdfSigningKeyResource,
  idempotencyPepperSecretResource,
  pdfSigningSecretResource,
  permissionKey,
  permissionsOf,
  queueResource,
  signingKeyResources,
  tableResource,
  webhookSecretKeyResource,
} from '#shared/platform/infra/permissions.ts';
import { buckets, queues, tables, type BucketId, type QueueId, type TableId } from '#shared/platform/infra/resources.ts';
import type { ResourceUse } from '#shared/platform/infra/resource-use.ts';
import { fallbackRoute, resourceAccess, routes, workerAccess, workers } from '#shared/platform/infra/routes.ts';
import { awsCallsFile, observablePermissions, type AwsCalls } from '../iam/aws-calls.ts';

let outdir: string;
let stack: ServiceStack;
let template: Record<string, { Type: string; Properties: Record<string, any> }>;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'cdk-iam-'));
  stack = buildApp({ outdir, context: { 'aws:cdk:bundling-stacks': [], alertFromEmail: 'alerts@example.com' }, stage: 'test' }).stack;
  template = Template.fromStack(stack).toJSON().Resources;
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const logicalId = (construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as never);

/** Logical id of a resource in the template → the name permissions give it. */
function resourceNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const id of Object.keys(tables) as TableId[]) names.set(logicalId(stack.tables[id]), tableResource(id));
  for (const id of Object.keys(buckets) as BucketId[]) names.set(logicalId(stack.buckets[id]), bucketResource(id));
  for (const id of Object.keys(queues) as QueueId[]) names.set(logicalId(stack.queues[id]), queueResource(id));
  names.set(logicalId(stack.signingKeys.live), signingKeyResources.live);
  names.set(logicalId(stack.signingKeys.test), signingKeyResources.test);
  names.set(logicalId(stack.webhookSecretKey), webhookSecretKeyResource);
  names.set(logicalId(stack.pdfSigningKey), pdfSigningKeyResource);
  names.set(stack.getLogicalId(stack.pdfSigningSecret.node.defaultChild as never), pdfSigningSecretResource);
  names.set(stack.getLogicalId(stack.idempotencyPepperSecret.node.defaultChild as never), idempotencyPepperSecretResource);
  return names;
}

/** The logical ids a policy resource refers to, or the literal resource (`*`, an ARN pattern). */
function referencedResources(resource: unknown): string[] {
  const refs: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      if (typeof o.Ref === 'string' && !o.Ref.startsWith('AWS::')) refs.push(o.Ref);
      else if (Array.isArray(o['Fn::GetAtt'])) refs.push(o['Fn::GetAtt'][0] as string);
      else Object.values(o).forEach(walk);
    }
  };
  walk(resource);
  return refs.length > 0 ? [...new Set(refs)] : [typeof resource === 'string' ? resource : JSON.stringify(resource)];
}

/** Every `service:Action resource` a function's role is granted. */
function grantedTo(functionId: string): Set<string> {
  const roleId = logicalId(stack.functions[functionId]!.role);
  const names = resourceNames();
  const out = new Set<string>();
  for (const policy of Object.values(template)) {
    if (policy.Type !== 'AWS::IAM::Policy' || !policy.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId)) continue;
    for (const statement of policy.Properties.PolicyDocument.Statement) {
      expect(statement.Effect).toBe('Allow');
      const actions = [statement.Action].flat() as string[];
      for (const resource of [statement.Resource].flat()) {
        for (const ref of referencedResources(resource)) {
          // The alert sender's SES identity is an ARN built from its address, not a reference.
          const name = names.get(ref) ?? (ref.includes(':identity/alerts@example.com') ? alertSenderResource : ref);
          if (name === alertSenderResource) expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'alerts@example.com' } });
          for (const action of actions) out.add(`${action} ${name}`);
        }
      }
    }
  }
  return out;
}

/** What a function needs just to run: its own log group, X-Ray, and a worker's own queue. */
function runningNeeds(functionId: string, consumes?: QueueId): string[] {
  const logs = logicalId(stack.functions[functionId]!.logGroup);
  return [
    `logs:CreateLogStream ${logs}`,
    `logs:PutLogEvents ${logs}`,
    'xray:PutTraceSegments *',
    'xray:PutTelemetryRecords *',
    ...(consumes
      ? ['ReceiveMessage', 'ChangeMessageVisibility', 'GetQueueUrl', 'DeleteMessage', 'GetQueueAttributes'].map((a) => `sqs:${a} ${queueResource(consumes)}`)
      : []),
  ];
}

const expected = (uses: ResourceUse, functionId: string, consumes?: QueueId) =>
  new Set([...permissionsOf(uses).map(permissionKey), ...runningNeeds(functionId, consumes)]);

describe('least privilege', () => {
  it.each(routes.map((r) => [r.id, r] as const))('%s is granted exactly what its route declares', (id, route) => {
    const granted = grantedTo(id);
    // Retired signing keys' public keys: none configured in this stage.
    expect([...granted].sort()).toEqual([...expected(resourceAccess(route), id)].sort());
  });

  it.each(workers.map((w) => [w.id, w] as const))('%s is granted exactly what its worker declares', (id, worker) => {
    expect([...grantedTo(id)].sort()).toEqual([...expected(workerAccess(worker), id, worker.queue)].sort());
  });

  it('the fallback route is granted nothing beyond running', () => {
    expect([...grantedTo(fallbackRoute.id)].sort()).toEqual([...runningNeeds(fallbackRoute.id)].sort());
  });

  it('no function may delete, scan or batch-read anything it does not declare; the write-once verification table is never updated or deleted', () => {
    const all = [...routes.map((r) => r.id), ...workers.map((w) => w.id)].flatMap((id) => [...grantedTo(id)]);
    expect(all.filter((g) => /dynamodb:(Scan|TransactWriteItems|DeleteTable|\*)/.test(g))).toEqual([]);
    // Batch reads only of the source cache (a verification's cached answers are read together) and of the
    // verifications a history page lists.
    const batchReads = new Set(['dynamodb:BatchGetItem table/Cache', 'dynamodb:BatchGetItem table/Verifications']);
    expect(all.filter((g) => /dynamodb:BatchGetItem /.test(g) && !batchReads.has(g))).toEqual([]);
    expect(all.filter((g) => /dynamodb:(UpdateItem|DeleteItem|BatchWriteItem) table\/Verifications/.test(g))).toEqual([]);
    expect(all.filter((g) => /s3:(DeleteObject|ListBucket|PutObjectRetention|PutObjectLegalHold|BypassGovernanceRetention|\*)/.test(g))).toEqual([]);
  });

  it('the reviewed file of recorded calls lists exactly the declared permissions the local stack can observe', () => {
    const reviewed = JSON.parse(readFileSync(awsCallsFile, 'utf8')) as AwsCalls;
    expect(reviewed).toEqual(observablePermissions());
  });
});
