import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { defaultLogRetentionDays, deploymentConfig, DeploymentConfigError } from '../../lib/deployment-config.ts';

const from = (values: Record<string, unknown>) => (key: string) => values[key];

describe('deployment context', () => {
  it('has working defaults: stage dev, 90-day logs, INFO, the public sources, the first signing key', () => {
    expect(deploymentConfig(from({}))).toEqual({
      stage: 'dev',
      publicBaseUrl: undefined,
      customDomain: undefined,
      alertFromEmail: undefined,
      alarmEmail: undefined,
      logRetention: RetentionDays.THREE_MONTHS,
      logLevel: 'INFO',
      sources: { nppesApiUrl: undefined, leieCsvUrl: undefined, sodaBaseUrl: undefined },
      sodaAppTokenSecret: undefined,
      signingKeyGeneration: 1,
      previousSigningKeyArns: [],
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
    });
    expect(deploymentConfig(from({ publicBaseUrl: 'https://verify.example.com', domainName: 'api.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x' })).publicBaseUrl).toBe(
      'https://verify.example.com',
    );
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
  ])('refuses %o', (values, message) => {
    expect(() => deploymentConfig(from(values))).toThrow(DeploymentConfigError);
    expect(() => deploymentConfig(from(values))).toThrow(message);
  });
});
