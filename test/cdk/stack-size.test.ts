/**
 * Room to grow: CloudFormation takes at most 500 resources, 200 parameters and 200 outputs per template.
 * Every route adds resources to the main stack (its function, role, policy, log group and route) and to
 * the nested stacks (two alarms; its integration and invoke permission), and a parameter or an output
 * for each reference between them. Each stage's main stack keeps at most 400 resources, and every
 * template, nested ones included, stays within its limits with room for `moreRoutes` more routes.
 */
import { CfnResource, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../lib/build-app.ts';
import type { ServiceStack } from '../../lib/service-stack.ts';
import { routes, workers } from '#shared/platform/infra/routes.ts';
import { nestedTemplate } from '../support/nested-templates.ts';

/** The most resources the main stack may hold, 100 below CloudFormation's 500. */
const mainStackLimit = 400;
/** How many more routes every template must have room for. */
const moreRoutes = 20;
const cloudFormation = { resources: 500, parameters: 200, outputs: 200 } as const;

/** What docs/deployment.md and the README say the templates hold, as they word it. */
const repositoryRoot = join(import.meta.dirname, '..', '..');
const deploymentGuide = readFileSync(join(repositoryRoot, 'docs', 'deployment.md'), 'utf8').replace(/\s+/g, ' ');
const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8').replace(/\s+/g, ' ');
const stated =
  /With (\d+) routes, `\$default` and (\d+) workers the main stack holds (\d+) resources in `dev`, (\d+) in `staging` \([^)]*\) and (\d+) in `prod` \([^)]*\); the alarm stack (\d+), the integration stack (\d+)/.exec(
    deploymentGuide,
  );
const statedRoom = / with room for (\d+) more routes; `test\/cdk\/stack-size\.test\.ts`/.exec(deploymentGuide);
const readmeAbout = /the main stack \(about (\d+) resources, 5 more a route\) stays at most 400 of CloudFormation's 500 with room for (\d+) more routes/.exec(
  readme,
);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const sender = { alertFromEmail: 'alerts@example.com', alarmEmail: 'oncall@example.com' };
/** Each stage as it differs: dev without a sender, staging with one, prod with its custom domain in a known region. */
const stages: { stage: string; context: Record<string, unknown>; region?: string }[] = [
  { stage: 'dev', context: {} },
  { stage: 'staging', context: sender },
  {
    stage: 'prod',
    context: { ...sender, domainName: 'api.example.com', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc' },
    region: 'eu-west-1',
  },
];

function build(stage: string, context: Record<string, unknown>, region?: string): ServiceStack {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-size-'));
  dirs.push(outdir);
  const saved = process.env.CDK_DEFAULT_REGION;
  if (region === undefined) delete process.env.CDK_DEFAULT_REGION;
  else process.env.CDK_DEFAULT_REGION = region;
  try {
    // Version reporting on, as the CDK CLI has it: every template then counts its CDKMetadata resource too.
    return buildApp({ outdir, context: { 'aws:cdk:bundling-stacks': [], 'aws:cdk:version-reporting': true, ...context }, stage }).stack;
  } finally {
    if (saved === undefined) delete process.env.CDK_DEFAULT_REGION;
    else process.env.CDK_DEFAULT_REGION = saved;
  }
}

interface Counts {
  resources: number;
  parameters: number;
  outputs: number;
}

function counts(stack: Stack): Counts {
  const template = Template.fromStack(stack).toJSON();
  expect(template.Resources.CDKMetadata, stack.node.path).toBeDefined();
  return {
    resources: Object.keys(template.Resources ?? {}).length,
    parameters: Object.keys(template.Parameters ?? {}).length,
    outputs: Object.keys(template.Outputs ?? {}).length,
  };
}

/** The CloudFormation resources a construct's subtree adds to `stack`. */
const resourcesIn = (root: { node: { findAll(): unknown[] } }, stack: Stack) =>
  root.node.findAll().filter((c) => c instanceof CfnResource && Stack.of(c) === stack).length;

/**
 * What one route costs each template, on the route that costs the most. In the main stack: the resources
 * of its function's construct (function, role, policy, log group) and its route. In a nested stack: the
 * parameters that pass the function (its name, its ARN), the resources that use them and no other
 * function's (its alarms; its integration and permission), and the outputs that give those out.
 */
function perRoute(stack: ServiceStack): Map<Stack, Counts> {
  const cost = new Map<Stack, Counts>();
  const logicalId = (fn: { fn: { node: { defaultChild?: unknown } } }) => stack.getLogicalId(fn.fn.node.defaultChild as never);
  const mainRoutes = Template.fromStack(stack).findResources('AWS::ApiGatewayV2::Route');
  const main = Math.max(
    ...routes.map((r) => {
      const own = Object.values(mainRoutes).filter((route) => route.Properties.RouteKey === `${r.method} ${r.path}`).length;
      expect(own, r.id).toBe(1);
      return resourcesIn(stack.functions[r.id]!, stack) + own;
    }),
  );
  cost.set(stack, { resources: main, parameters: 0, outputs: 0 });
  const functionIds = Object.values(stack.functions).map(logicalId);
  for (const n of stack.nestedStacks) {
    const nested = nestedTemplate(stack, n);
    const outputs = Object.values((nested.template.toJSON().Outputs ?? {}) as Record<string, { Value: unknown }>);
    const paramsOf = (id: string) => Object.keys(nested.parameters).filter((p) => JSON.stringify(nested.parameters[p]).includes(`"${id}"`));
    const refs = (value: unknown, params: string[]) => params.some((p) => JSON.stringify(value).includes(JSON.stringify({ Ref: p })));
    const worst: Counts = { resources: 0, parameters: 0, outputs: 0 };
    for (const r of routes) {
      const id = logicalId(stack.functions[r.id]!);
      const params = paramsOf(id);
      const others = functionIds.filter((f) => f !== id).flatMap(paramsOf);
      const own = Object.entries(nested.resources).filter(([, res]) => refs(res.Properties, params) && !refs(res.Properties, others));
      const given = outputs.filter((o) => own.some(([resourceId]) => JSON.stringify(o.Value) === JSON.stringify({ Ref: resourceId })));
      worst.resources = Math.max(worst.resources, own.length);
      worst.parameters = Math.max(worst.parameters, params.length);
      worst.outputs = Math.max(worst.outputs, given.length);
    }
    cost.set(n, worst);
  }
  return cost;
}

describe.each(stages)('stage $stage', ({ stage, context, region }) => {
  let stack: ServiceStack;
  /** Each template's counts now, and what one route adds to it. */
  let now: Map<Stack, Counts>;
  let cost: Map<Stack, Counts>;
  beforeAll(() => {
    // Synthesising (cdk-nag included) takes the time: done here, under the hook's longer time-out.
    stack = build(stage, context, region);
    now = new Map([stack, ...stack.nestedStacks].map((s) => [s, counts(s)]));
    cost = perRoute(stack);
  });

  it(`keeps the main stack at ${mainStackLimit} resources or fewer, with room for ${moreRoutes} more routes`, () => {
    const main = now.get(stack)!;
    const route = cost.get(stack)!;
    // Function, role, policy, log group, route.
    expect(route.resources).toBe(5);
    expect(main.resources).toBeLessThanOrEqual(mainStackLimit);
    expect(main.resources + moreRoutes * route.resources, `${main.resources} resources, ${route.resources} a route`).toBeLessThanOrEqual(mainStackLimit);
  });

  it('is counted as the deployment guide and the README state it', () => {
    expect(stated, 'docs/deployment.md no longer states the counts in the words this test reads').not.toBeNull();
    const [, routeCount, workerCount, dev, staging, prod, alarms, integrations] = stated!.map(Number);
    expect([routeCount, workerCount]).toEqual([routes.length, workers.length]);
    const main = now.get(stack)!.resources;
    expect({ dev, staging, prod }[stage], `docs/deployment.md: the main stack in ${stage}`).toBe(main);
    expect(now.get(stack.monitoring.alarmStack)!.resources, 'docs/deployment.md: the alarm stack').toBe(alarms);
    expect(now.get(stack.integrationStack)!.resources, 'docs/deployment.md: the integration stack').toBe(integrations);
    const room = Math.floor((mainStackLimit - prod!) / 5);
    expect(Number(statedRoom?.[1]), 'docs/deployment.md: room for more routes (prod)').toBe(room);
    expect(readmeAbout, 'README.md no longer states the count in the words this test reads').not.toBeNull();
    expect(Math.abs(Number(readmeAbout![1]) - main), 'README.md: about as many resources as the stage has').toBeLessThanOrEqual(5);
    expect(Number(readmeAbout![2]), 'README.md: room for more routes').toBe(room);
  });

  it('holds the alarms, the dashboard, the integrations and the invoke permissions in nested stacks, each far within the limits', () => {
    const nested = stack.nestedStacks;
    const paths = (stacks: Stack[]) => stacks.map((n) => n.node.path).sort();
    expect(paths(stack.node.findAll().filter((c): c is Stack => c instanceof Stack && c !== stack))).toEqual(paths(nested));
    expect(paths(nested)).toEqual(paths([stack.monitoring.alarmStack, stack.integrationStack]));
    // Per route: two alarms; an integration and a permission, one parameter each, and the integration's id as an output.
    expect(cost.get(stack.monitoring.alarmStack)).toEqual({ resources: 2, parameters: 1, outputs: 0 });
    expect(cost.get(stack.integrationStack)).toEqual({ resources: 2, parameters: 1, outputs: 1 });
    for (const n of nested) {
      const counted = now.get(n)!;
      const more = cost.get(n)!;
      expect(counted.resources, n.node.path).toBeGreaterThan(routes.length);
      for (const key of ['resources', 'parameters', 'outputs'] as const) {
        const limit = key === 'resources' ? mainStackLimit : cloudFormation[key] * 0.8;
        expect(counted[key] + moreRoutes * more[key], `${n.node.path} ${key}`).toBeLessThanOrEqual(limit);
      }
    }
    const main = now.get(stack)!;
    expect(main.parameters).toBeLessThanOrEqual(cloudFormation.parameters * 0.8);
    expect(main.outputs).toBeLessThanOrEqual(cloudFormation.outputs * 0.8);
  });
});
