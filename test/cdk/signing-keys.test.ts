/**
 * The certificate signing keys in the synthesised template: one KMS key per certificate mode, and key
 * policies that let only the functions that sign use kms:Sign. The account may administer the keys but
 * its key-policy statement delegates no use to IAM, so no identity policy in the account can sign.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../lib/build-app.ts';
import { signingKeyAdminActions, type ServiceStack } from '../../lib/service-stack.ts';
import { routes, resourceAccess, workers, workerAccess } from '#shared/platform/infra/routes.ts';

let outdir: string;
let stack: ServiceStack;
let resources: Record<string, { Type: string; Properties: Record<string, any> }>;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'cdk-keys-'));
  stack = buildApp({ outdir, context: { 'aws:cdk:bundling-stacks': [], alertFromEmail: 'alerts@example.com' }, stage: 'test' }).stack;
  resources = Template.fromStack(stack).toJSON().Resources;
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const logicalId = (construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as never);

interface Statement {
  Sid?: string;
  Effect: string;
  Principal: unknown;
  Action: string | string[];
  Resource: unknown;
}

function keyPolicy(mode: 'live' | 'test'): Statement[] {
  return resources[logicalId(stack.signingKeys[mode])]!.Properties.KeyPolicy.Statement;
}

/** The role logical ids a key-policy principal names (`{"AWS": {"Fn::GetAtt": [role, "Arn"]}}`, possibly a list). */
function principalRoles(principal: unknown): string[] {
  const aws = (principal as { AWS?: unknown }).AWS;
  return [aws]
    .flat()
    .map((p) => (p as { 'Fn::GetAtt'?: [string, string] })?.['Fn::GetAtt']?.[0])
    .filter((id): id is string => typeof id === 'string');
}

const isAccountRoot = (principal: unknown) => JSON.stringify(principal).includes(':root');

/** Function ids whose declared use of the signing keys is `use`. */
function functionsThat(use: 'sign' | 'publish'): string[] {
  return [
    ...routes.filter((r) => resourceAccess(r).signingKey === use).map((r) => r.id),
    ...workers.filter((w) => workerAccess(w).signingKey === use).map((w) => w.id),
  ];
}

/** Role logical id → the actions the key policy grants it. */
function grantsByRole(statements: Statement[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const s of statements) {
    for (const role of principalRoles(s.Principal)) {
      const actions = out.get(role) ?? new Set<string>();
      for (const action of [s.Action].flat()) actions.add(action);
      out.set(role, actions);
    }
  }
  return out;
}

describe('certificate signing keys', () => {
  it('are two distinct ECC_NIST_P256 SIGN_VERIFY keys, one per mode, each given to the functions under its own variable', () => {
    const ids = (['live', 'test'] as const).map((mode) => logicalId(stack.signingKeys[mode]));
    expect(new Set(ids).size).toBe(2);
    expect(ids[0]).toMatch(/^CertificateSigningKey/);
    expect(ids[1]).toMatch(/^TestCertificateSigningKey/);
    for (const id of ids) expect(resources[id]!.Properties).toMatchObject({ KeySpec: 'ECC_NIST_P256', KeyUsage: 'SIGN_VERIFY' });
    const env = resources[logicalId(stack.functions.Verify!.fn)]!.Properties.Environment.Variables;
    expect(env.SIGNING_KMS_KEY_ID).toEqual({ 'Fn::GetAtt': [ids[0], 'Arn'] });
    expect(env.TEST_SIGNING_KMS_KEY_ID).toEqual({ 'Fn::GetAtt': [ids[1], 'Arn'] });
  });

  it.each(['live', 'test'] as const)('%s: the key policy lets the account administer the key but not use it', (mode) => {
    const statements = keyPolicy(mode);
    for (const s of statements) expect(s.Effect).toBe('Allow');
    const root = statements.filter((s) => isAccountRoot(s.Principal));
    expect(root).toHaveLength(1);
    const rootActions = [root[0]!.Action].flat();
    expect(rootActions.sort()).toEqual([...signingKeyAdminActions].sort());
    // No wildcard, and nothing that signs, reads the key for signing, or hands out a grant.
    for (const action of rootActions) expect(action).not.toMatch(/\*|^kms:(Sign|Verify|GetPublicKey|CreateGrant)$/);
    expect(rootActions).toContain('kms:PutKeyPolicy'); // the account can still manage (and never locks itself out of) the key
    // No other principal than the account root and function roles.
    for (const s of statements.filter((s) => !isAccountRoot(s.Principal))) {
      expect(principalRoles(s.Principal).length, JSON.stringify(s.Principal)).toBeGreaterThan(0);
      expect(JSON.stringify(s.Principal)).not.toContain('*');
    }
  });

  it.each(['live', 'test'] as const)('%s: kms:Sign only to the roles of the functions that sign, kms:GetPublicKey also to those that publish', (mode) => {
    const granted = grantsByRole(keyPolicy(mode));
    const roleOf = (id: string) => logicalId(stack.functions[id]!.role);
    const signers = functionsThat('sign');
    const publishers = functionsThat('publish');
    expect(signers.sort()).toEqual(['CheckMonitor', 'CreateMonitor', 'MonitorCheck', 'Verify', 'VerifyBulk']);
    expect(publishers.sort()).toEqual(['GetRecord', 'GetSigningKeys']);

    const expected = new Map<string, string[]>([
      ...signers.map((id) => [roleOf(id), ['kms:GetPublicKey', 'kms:Sign']] as [string, string[]]),
      ...publishers.map((id) => [roleOf(id), ['kms:GetPublicKey']] as [string, string[]]),
    ]);
    expect(new Map([...granted].map(([role, actions]) => [role, [...actions].sort()]))).toEqual(expected);

    const signingRoles = [...granted].filter(([, actions]) => actions.has('kms:Sign')).map(([role]) => role);
    expect(signingRoles.sort()).toEqual(signers.map(roleOf).sort());
  });
});

describe('PDF signing key', () => {
  it('is an RSA_2048 SIGN_VERIFY key the account administers but only the PDF function may use', () => {
    const key = resources[logicalId(stack.pdfSigningKey)]!;
    expect(key.Properties).toMatchObject({ KeySpec: 'RSA_2048', KeyUsage: 'SIGN_VERIFY' });
    const statements: Statement[] = key.Properties.KeyPolicy.Statement;
    const root = statements.filter((s) => isAccountRoot(s.Principal));
    expect(root).toHaveLength(1);
    expect([root[0]!.Action].flat().sort()).toEqual([...signingKeyAdminActions].sort());
    const granted = grantsByRole(statements);
    expect(new Map([...granted].map(([role, actions]) => [role, [...actions].sort()]))).toEqual(
      new Map([[logicalId(stack.functions.GetCertificatePdf!.role), ['kms:GetPublicKey', 'kms:Sign']]]),
    );
  });

  it('signs PDFs with the KMS key by default; pdfSigningWithKms=false keeps a PEM key in the secret', () => {
    const env = (s: ServiceStack, all: typeof resources) =>
      all[s.getLogicalId(s.functions.GetCertificatePdf!.fn.node.defaultChild as never)]!.Properties.Environment.Variables;
    expect(env(stack, resources).PDF_SIGNING_KMS_KEY_ID).toEqual({ 'Fn::GetAtt': [logicalId(stack.pdfSigningKey), 'Arn'] });
    expect(env(stack, resources).PDF_SIGNING_SECRET_ID).toBeDefined();
    expect(resources[stack.getLogicalId(stack.pdfSigningSecret.node.defaultChild as never)]!.Properties.Description).toMatch(/no private key/);

    const pem = synth({ pdfSigningWithKms: 'false' });
    expect(env(pem.stack, pem.resources).PDF_SIGNING_KMS_KEY_ID).toBeUndefined();
    expect(env(pem.stack, pem.resources).PDF_SIGNING_SECRET_ID).toBeDefined();
    expect(pem.resources[pem.stack.getLogicalId(pem.stack.pdfSigningSecret.node.defaultChild as never)]!.Properties.Description).toMatch(/private_key_pem/);
  });

  it('lets no one else use the key unless pdfCsrSignerRoleArn names the operator role: then GetPublicKey, and Sign of RAW messages, until pdfCsrSignerUntil', () => {
    const roleArn = 'arn:aws:iam::111122223333:role/pdf-certificate-operator';
    const until = '2026-05-01T18:00:00Z';
    const { stack: withSigner, resources: all } = synth({ pdfCsrSignerRoleArn: roleArn, pdfCsrSignerUntil: until });
    const statements: (Statement & { Condition?: unknown })[] =
      all[withSigner.getLogicalId(withSigner.pdfSigningKey.node.defaultChild as never)]!.Properties.KeyPolicy.Statement;
    const operator = statements.filter((s) => JSON.stringify(s.Principal) === JSON.stringify({ AWS: roleArn }));
    expect(operator.map(({ Sid, Action, Condition }) => ({ Sid, Action, Condition }))).toEqual([
      { Sid: 'OperatorReadsThePublicKeyForTheCertificateRequest', Action: 'kms:GetPublicKey', Condition: { DateLessThan: { 'aws:CurrentTime': until } } },
      {
        Sid: 'OperatorSignsTheCertificateRequest',
        Action: 'kms:Sign',
        Condition: {
          DateLessThan: { 'aws:CurrentTime': until },
          StringEquals: { 'kms:MessageType': 'RAW', 'kms:SigningAlgorithm': 'RSASSA_PKCS1_V1_5_SHA_256' },
        },
      },
    ]);
    // Every other statement is the account's administration or the PDF function's use, as without it.
    const rest = statements.filter((s) => !operator.includes(s));
    expect(rest.filter((s) => isAccountRoot(s.Principal)).map((s) => [s.Action].flat().sort())).toEqual([[...signingKeyAdminActions].sort()]);
    expect(new Map([...grantsByRole(rest)].map(([role, actions]) => [role, [...actions].sort()]))).toEqual(
      new Map([[withSigner.getLogicalId(withSigner.functions.GetCertificatePdf!.role.node.defaultChild as never), ['kms:GetPublicKey', 'kms:Sign']]]),
    );
    // The certificate signing keys are untouched.
    for (const mode of ['live', 'test'] as const) {
      expect(JSON.stringify(all[withSigner.getLogicalId(withSigner.signingKeys[mode].node.defaultChild as never)]!.Properties.KeyPolicy)).not.toContain(
        roleArn,
      );
    }
    // Without the context no statement names anyone but the account and the PDF function.
    const defaultPolicy: Statement[] = resources[logicalId(stack.pdfSigningKey)]!.Properties.KeyPolicy.Statement;
    expect(defaultPolicy.every((s) => isAccountRoot(s.Principal) || principalRoles(s.Principal).length > 0)).toBe(true);
  });
});

/** The stack synthesised with extra context, in a directory of its own. */
function synth(context: Record<string, string>): { stack: ServiceStack; resources: typeof resources } {
  const dir = mkdtempSync(join(tmpdir(), 'cdk-keys-variant-'));
  try {
    const variant = buildApp({
      outdir: dir,
      context: { 'aws:cdk:bundling-stacks': [], alertFromEmail: 'alerts@example.com', ...context },
      stage: 'test',
    }).stack;
    return { stack: variant, resources: Template.fromStack(variant).toJSON().Resources };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
