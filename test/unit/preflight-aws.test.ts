/**
 * Preflight's AWS side (bin/preflight.ts): which describe calls it makes for given settings, and how
 * their answers and errors become facts. The AWS clients are stubbed with aws-sdk-client-mock; what the
 * facts mean is tested without AWS in preflight.test.ts.
 */
import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { DescribeSecretCommand, GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gatherPreflightFacts } from '../../bin/preflight.ts';
import { preflightExitCode, preflightFindings } from '../../lib/preflight.ts';

const cfn = mockClient(CloudFormationClient);
const secrets = mockClient(SecretsManagerClient);
const acm = mockClient(ACMClient);
const ses = mockClient(SESv2Client);
const saved = { region: process.env.AWS_REGION, key: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

const certArn = 'arn:aws:acm:eu-west-1:123456789012:certificate/abc';
const context = {
  domainName: 'api.example.com',
  certificateArn: certArn,
  alertFromEmail: 'alerts@example.com',
  sodaAppTokenSecret: 'license-verification/soda-app-token',
  firstDeploy: 'true',
};
const named = (name: string, message: string) => Object.assign(new Error(message), { name });

beforeAll(() => {
  process.env.AWS_REGION = 'eu-west-1';
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
});
afterEach(() => {
  for (const m of [cfn, secrets, acm, ses]) m.reset();
});
afterAll(() => {
  for (const m of [cfn, secrets, acm, ses]) m.restore();
  for (const [key, value] of [
    ['AWS_REGION', saved.region],
    ['AWS_ACCESS_KEY_ID', saved.key],
    ['AWS_SECRET_ACCESS_KEY', saved.secret],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

/** A deployed staging stack whose outputs name its PDF signing secret; answers the secret's ARN. */
function stagingStackWithPdfSecret(): string {
  const pdf = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:pdf-AbCd';
  cfn.on(DescribeStacksCommand).resolves({
    Stacks: [
      {
        StackName: 'LicenseVerification-staging',
        StackStatus: 'UPDATE_COMPLETE',
        CreationTime: new Date(),
        Outputs: [{ OutputKey: 'PdfSigningSecretArn', OutputValue: pdf }],
      },
    ],
  });
  return pdf;
}

describe('preflight against AWS', () => {
  it('a first deploy of prod: no stack yet, the token secret, the certificate in its own region, SES', async () => {
    cfn.on(DescribeStacksCommand).rejects(named('ValidationError', 'Stack with id LicenseVerification-prod does not exist'));
    secrets.on(DescribeSecretCommand, { SecretId: 'license-verification/soda-app-token' }).resolves({ VersionIdsToStages: { v1: ['AWSCURRENT'] } });
    acm.on(DescribeCertificateCommand, { CertificateArn: certArn }).resolves({
      Certificate: { Status: 'ISSUED', DomainName: '*.example.com', SubjectAlternativeNames: ['*.example.com', 'example.com'] },
    });
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'alerts@example.com' })
      .rejects(named('NotFoundException', 'Email identity alerts@example.com does not exist.'));
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true });

    const facts = await gatherPreflightFacts({ stackName: 'LicenseVerification-prod', context });
    expect(facts).toMatchObject({
      stackName: 'LicenseVerification-prod',
      region: 'eu-west-1',
      stack: { missing: true },
      sodaSecret: { found: { hasValue: true } },
      certificate: { found: { status: 'ISSUED', domainName: '*.example.com' } },
      sesIdentity: { missing: true },
      sesAccount: { found: { productionAccessEnabled: false, sendingEnabled: true } },
    });
    expect(facts.pdfSecret).toBeUndefined();
    expect(await (acm.call(0).thisValue as ACMClient).config.region()).toBe('eu-west-1');

    const findings = preflightFindings(facts);
    expect(findings.filter((f) => f.status !== 'ok').map((f) => [f.check, f.status])).toEqual([
      ['ses-identity', 'warn'],
      ['ses-account', 'warn'],
    ]);
    expect(preflightExitCode(findings)).toBe(0);
  });

  it('a deployed stack: its PDF signing secret from the outputs; errors other than not-found are kept as errors', async () => {
    const pdf = stagingStackWithPdfSecret();
    secrets.on(DescribeSecretCommand, { SecretId: pdf }).resolves({ VersionIdsToStages: {} });
    secrets
      .on(DescribeSecretCommand, { SecretId: 'license-verification/soda-app-token' })
      .rejects(named('ResourceNotFoundException', "Secrets Manager can't find the specified secret."));
    acm.on(DescribeCertificateCommand).rejects(named('AccessDeniedException', 'not authorized'));
    ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: true, VerificationStatus: 'SUCCESS' });
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: true });

    const facts = await gatherPreflightFacts({ context: { ...context, stage: 'staging', firstDeploy: undefined } });
    expect(facts.stackName).toBe('LicenseVerification-staging');
    expect(facts).toMatchObject({
      stack: { found: { status: 'UPDATE_COMPLETE', outputs: { PdfSigningSecretArn: pdf } } },
      pdfSecret: { found: { hasValue: false } },
      sodaSecret: { missing: true },
      certificate: { error: 'AccessDeniedException: not authorized' },
      sesIdentity: { found: { verifiedForSending: true, verificationStatus: 'SUCCESS' } },
    });
    const findings = preflightFindings(facts);
    expect(findings.filter((f) => f.status === 'fail').map((f) => f.check)).toEqual(['soda-token-secret', 'certificate']);
    expect(preflightExitCode(findings)).toBe(1);
  });

  it("reads the PDF signing secret's value only when it has one, keeping the names of its fields and nothing else", async () => {
    const pdf = stagingStackWithPdfSecret();
    secrets.on(DescribeSecretCommand).resolves({ VersionIdsToStages: { v1: ['AWSCURRENT'] } });
    secrets
      .on(GetSecretValueCommand, { SecretId: pdf })
      .resolves({ SecretString: JSON.stringify({ private_key_pem: '-----BEGIN PRIVATE KEY-----secret', certificate_pem: 'cert' }) });
    ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: true });
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: true });
    acm.on(DescribeCertificateCommand).resolves({ Certificate: { Status: 'ISSUED', DomainName: 'api.example.com' } });

    const facts = await gatherPreflightFacts({ context: { ...context, stage: 'staging' } });
    expect(facts.pdfSecret).toEqual({ found: { hasValue: true, content: { fields: ['certificate_pem', 'private_key_pem'] } } });
    expect(JSON.stringify(facts)).not.toContain('BEGIN PRIVATE KEY');
    expect(secrets.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input.SecretId)).toEqual([pdf]);
    const finding = preflightFindings(facts).find((f) => f.check === 'pdf-signing-secret');
    expect(finding?.status).toBe('fail');

    secrets.on(GetSecretValueCommand, { SecretId: pdf }).rejects(named('AccessDeniedException', 'not authorized'));
    expect((await gatherPreflightFacts({ context: { ...context, stage: 'staging' } })).pdfSecret).toEqual({
      found: { hasValue: true, content: { error: 'AccessDeniedException: not authorized' } },
    });
  });

  it('settings that do not synthesise are reported without calling AWS', async () => {
    const facts = await gatherPreflightFacts({ stackName: 'LicenseVerification-prod', context: { alertFromEmail: 'alerts@example.com' } });
    expect(facts.config).toEqual({ error: expect.stringContaining('Stage prod needs a custom domain') });
    expect(cfn.calls()).toHaveLength(0);
    expect(preflightExitCode(preflightFindings(facts))).toBe(1);
  });
});
