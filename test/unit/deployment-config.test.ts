import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { checkDeploymentRegion, defaultLogRetentionDays, deploymentConfig, DeploymentConfigError, senderIdentity } from '../../lib/deployment-config.ts';

const from = (values: Record<string, unknown>) => (key: string) => values[key];

describe('deployment context', () => {
  it('has working defaults: stage dev, 90-day logs, INFO, the public sources, the first signing key', () => {
    expect(deploymentConfig(from({}))).toEqual({
      stage: 'dev',
      publicBaseUrl: undefined,
      customDomain: undefined,
      alertFromEmail: undefined,
      alertFromIdentity: undefined,
      alertFromIdentityExists: false,
      firstDeploy: false,
      sesSandboxRecipients: [],
      alarmEmail: undefined,
      logRetention: RetentionDays.THREE_MONTHS,
      logLevel: 'INFO',
      sources: { nppesApiUrl: undefined, leieCsvUrl: undefined, sodaBaseUrl: undefined },
      sodaAppTokenSecret: undefined,
      signingKeyGeneration: 1,
      previousSigningKeyArns: [],
      testSigningKeyGeneration: 1,
      previousTestSigningKeyArns: [],
      pdfSigningWithKms: true,
      pdfCsrSigner: undefined,
    });
    expect(defaultLogRetentionDays).toBe(90);
  });

  it('reads every key, from the CLI (strings) or cdk.json (numbers)', () => {
    const config = deploymentConfig(
      from({
        stage: 'prod',
        domainName: 'api.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
        alarmEmail: 'ops@example.com',
        alertFromEmail: 'alerts@example.com',
        logRetentionDays: 365,
        logLevel: 'debug',
        leieCsvUrl: 'https://mirror.example.com/UPDATED.csv',
        sodaAppTokenSecret: 'soda-token',
        signingKeyGeneration: '3',
        previousSigningKeyArns: 'arn:aws:kms:us-east-1:123456789012:key/a-1, arn:aws:kms:us-east-1:123456789012:key/b-2',
        testSigningKeyGeneration: 2,
        previousTestSigningKeyArns: 'arn:aws:kms:us-east-1:123456789012:key/t-1',
        pdfSigningWithKms: 'false',
        pdfCsrSignerRoleArn: 'arn:aws:iam::123456789012:role/ops/pdf-certificate-operator',
        pdfCsrSignerUntil: '2026-05-01T18:00Z',
      }),
    );
    expect(config).toMatchObject({
      stage: 'prod',
      publicBaseUrl: 'https://api.example.com',
      customDomain: { domainName: 'api.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123' },
      logRetention: RetentionDays.ONE_YEAR,
      logLevel: 'DEBUG',
      sources: { leieCsvUrl: 'https://mirror.example.com/UPDATED.csv' },
      signingKeyGeneration: 3,
      previousSigningKeyArns: ['arn:aws:kms:us-east-1:123456789012:key/a-1', 'arn:aws:kms:us-east-1:123456789012:key/b-2'],
      testSigningKeyGeneration: 2,
      previousTestSigningKeyArns: ['arn:aws:kms:us-east-1:123456789012:key/t-1'],
      pdfSigningWithKms: false,
      pdfCsrSigner: { roleArn: 'arn:aws:iam::123456789012:role/ops/pdf-certificate-operator', until: '2026-05-01T18:00:00Z' },
    });
    expect(deploymentConfig(from({ pdfSigningWithKms: true })).pdfSigningWithKms).toBe(true);
    expect(deploymentConfig(from({ pdfSigningWithKms: false })).pdfSigningWithKms).toBe(false);
    expect(
      deploymentConfig(
        from({
          publicBaseUrl: 'https://verify.example.com',
          domainName: 'api.example.com',
          certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x',
        }),
      ).publicBaseUrl,
    ).toBe('https://verify.example.com');
  });

  it.each([
    [{ stage: 'Prod' }, /Invalid stage/],
    [{ domainName: 'api.example.com' }, /go together/],
    [{ certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x' }, /go together/],
    [{ logRetentionDays: '45' }, /logRetentionDays must be one of/],
    [{ logRetentionDays: 'forever' }, /whole number/],
    [{ logLevel: 'LOUD' }, /logLevel must be one of/],
    [{ nppesApiUrl: 'http://npi.example.com/api/' }, /https URL/],
    [{ publicBaseUrl: 'not a url' }, /must be a URL/],
    [{ alarmEmail: 'ops' }, /e-mail address/],
    [{ signingKeyGeneration: '0' }, /at least 1/],
    [{ previousSigningKeyArns: 'alias/old' }, /not a KMS key ARN/],
    [{ pdfSigningWithKms: 'yes' }, /pdfSigningWithKms must be true or false/],
    [{ pdfCsrSignerRoleArn: 'arn:aws:iam::123456789012:role/ops' }, /go together/],
    [{ pdfCsrSignerUntil: '2026-05-01T18:00:00Z' }, /go together/],
    [{ pdfCsrSignerRoleArn: 'arn:aws:iam::123456789012:user/alice', pdfCsrSignerUntil: '2026-05-01T18:00:00Z' }, /IAM role ARN/],
    [{ pdfCsrSignerRoleArn: 'arn:aws:iam::123456789012:role/ops', pdfCsrSignerUntil: '2026-05-01 18:00' }, /UTC time/],
    [{ pdfCsrSignerRoleArn: 'arn:aws:iam::123456789012:role/ops', pdfCsrSignerUntil: '2026-02-31T18:00:00Z' }, /UTC time/],
    [{ testSigningKeyGeneration: '0' }, /at least 1/],
    [{ previousTestSigningKeyArns: 'alias/old' }, /previousTestSigningKeyArns: "alias\/old" is not a KMS key ARN/],
    [
      { previousSigningKeyArns: 'arn:aws:kms:us-east-1:123456789012:key/a-1', previousTestSigningKeyArns: 'arn:aws:kms:us-east-1:123456789012:key/a-1' },
      /each key signs one mode/,
    ],
    [{ stage: 'staging' }, /Stage staging needs context alertFromEmail/],
    [{ stage: 'prod', alertFromEmail: 'alerts@example.com' }, /Stage prod needs a custom domain: set context domainName and certificateArn/],
    [
      {
        stage: 'prod',
        alertFromEmail: 'a@example.com',
        domainName: 'api.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x',
        publicBaseUrl: 'https://other.example.com',
      },
      /publicBaseUrl must be the custom domain https:\/\/api.example.com/,
    ],
    [
      {
        stage: 'prod',
        alertFromEmail: 'a@example.com',
        domainName: 'api.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x',
        publicBaseUrl: 'https://api.example.com/v2',
      },
      /publicBaseUrl must be the custom domain/,
    ],
    [{ alertFromIdentity: 'example.com' }, /alertFromIdentity needs alertFromEmail/],
    [{ alertFromEmail: 'alerts@example.com', alertFromIdentity: 'example.org' }, /must be the sender alerts@example.com or its domain/],
    [{ alertFromIdentityExists: 'yes' }, /true or false/],
    [{ sesSandboxRecipients: 'qa@example.com, nobody' }, /"nobody" is not an e-mail address/],
    // Local-stack settings: a deployed stack never waives the webhook address check.
    [{ webhookAllowLoopback: 'true' }, /webhookAllowLoopback is a local-stack setting/],
    [{ webhookAllowLoopback: false }, /local-stack setting/],
    [{ WEBHOOK_ALLOW_LOOPBACK: 'true' }, /WEBHOOK_ALLOW_LOOPBACK is a local-stack setting/],
    // Nor the source address check: sources are fetched from public addresses only.
    [{ sourceAllowLoopback: 'true' }, /sourceAllowLoopback is a local-stack setting \(sources fetched from this machine/],
    [{ SOURCE_ALLOW_LOOPBACK: 'true' }, /SOURCE_ALLOW_LOOPBACK is a local-stack setting/],
  ])('refuses %o', (values, message) => {
    expect(() => deploymentConfig(from(values))).toThrow(DeploymentConfigError);
    expect(() => deploymentConfig(from(values))).toThrow(message);
  });
});

describe('alert sender and its SES identity', () => {
  it('is the address itself unless alertFromIdentity names its domain (or a parent domain)', () => {
    expect(senderIdentity(deploymentConfig(from({ alertFromEmail: 'alerts@mail.example.com' })))).toBe('alerts@mail.example.com');
    for (const identity of ['mail.example.com', 'example.com', 'ALERTS@mail.example.com']) {
      const config = deploymentConfig(from({ alertFromEmail: 'alerts@mail.example.com', alertFromIdentity: identity }));
      expect(senderIdentity(config)).toBe(identity.toLowerCase());
    }
    const config = deploymentConfig(
      from({ alertFromEmail: 'a@example.com', alertFromIdentityExists: 'true', sesSandboxRecipients: 'qa@example.com,dev@example.org' }),
    );
    expect(config).toMatchObject({ alertFromIdentityExists: true, sesSandboxRecipients: ['qa@example.com', 'dev@example.org'] });
    expect(deploymentConfig(from({ alertFromIdentityExists: true })).alertFromIdentityExists).toBe(true);
  });

  it('may be left out only in dev', () => {
    expect(deploymentConfig(from({})).alertFromEmail).toBeUndefined();
    expect(deploymentConfig(from({ stage: 'staging', alertFromEmail: 'a@example.com' })).alertFromEmail).toBe('a@example.com');
  });
});

describe('prod and the certificate region', () => {
  const prod = deploymentConfig(
    from({ stage: 'prod', alertFromEmail: 'a@example.com', domainName: 'api.example.com', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x' }),
  );

  it('prod: the custom domain is the public base URL', () => {
    expect(prod.publicBaseUrl).toBe('https://api.example.com');
    expect(
      deploymentConfig(
        from({
          stage: 'prod',
          alertFromEmail: 'a@example.com',
          domainName: 'api.example.com',
          certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x',
          publicBaseUrl: 'https://api.example.com/',
        }),
      ).publicBaseUrl,
    ).toBe('https://api.example.com/');
  });

  it('the certificate must be in the stack region; prod needs the region known', () => {
    expect(() => checkDeploymentRegion(prod, 'eu-west-1')).not.toThrow();
    expect(() => checkDeploymentRegion(prod, 'us-east-1')).toThrow(DeploymentConfigError);
    expect(() => checkDeploymentRegion(prod, 'us-east-1')).toThrow(/certificateArn is in eu-west-1 but the stack deploys to us-east-1/);
    expect(() => checkDeploymentRegion(prod, undefined)).toThrow(/needs the stack's region at synth/);
    const staging = deploymentConfig(
      from({
        stage: 'staging',
        alertFromEmail: 'a@example.com',
        domainName: 'api.example.com',
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x',
      }),
    );
    expect(() => checkDeploymentRegion(staging, undefined)).not.toThrow();
    expect(() => checkDeploymentRegion(staging, 'us-east-2')).toThrow(/is in eu-west-1/);
    expect(() => checkDeploymentRegion(deploymentConfig(from({})), 'us-east-2')).not.toThrow();
  });
});
