/**
 * What the synthesised prod template holds that costs by the month whatever the traffic (the cost model's
 * `AtRest`, test/bench/cost-model.ts): measured by the dynamo-calls benchmark into bench-results.json, and
 * checked against the current template by test/cdk/cost-at-rest.test.ts, so the README's figure cannot
 * drift from the stack.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buckets } from '#shared/platform/infra/resources.ts';
import { buildApp } from '../../lib/build-app.ts';
import { atRestOfTemplate, type AtRest } from './cost-model.ts';

export function stackAtRest(): AtRest {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-cost-'));
  const region = process.env.CDK_DEFAULT_REGION;
  try {
    process.env.CDK_DEFAULT_REGION = 'us-east-1';
    const context = {
      'aws:cdk:bundling-stacks': [],
      alertFromEmail: 'alerts@example.com',
      domainName: 'api.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/cost-model',
    };
    const { stack } = buildApp({ outdir, context, stage: 'prod' });
    // The alarms and the dashboard are in a nested stack: every template of the stack counts.
    const templates = [stack, ...stack.nestedStacks].map((s) => Template.fromStack(s).toJSON() as Parameters<typeof atRestOfTemplate>[0]);
    return atRestOfTemplate({ Resources: Object.assign({}, ...templates.map((t) => t.Resources)) }, buckets.sourceArchive.id);
  } finally {
    if (region === undefined) delete process.env.CDK_DEFAULT_REGION;
    else process.env.CDK_DEFAULT_REGION = region;
    rmSync(outdir, { recursive: true, force: true });
  }
}
