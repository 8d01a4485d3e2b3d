/** Preflight's checks, as a function from what AWS answered to findings (lib/preflight.ts). */
import { describe, expect, it } from 'vitest';
import { contextArgs } from '../../lib/cdk-context.ts';
import { deploymentConfig, DeploymentConfigError, type DeploymentConfig } from '../../lib/deployment-config.ts';
import {
  certificateCovers,
  formatFindings,
  preflightExitCode,
  preflightFindings,
  stageForStack,
  type Finding,
  type PreflightFacts,
  type Status,
} from '../../lib/preflight.ts';

const certArn = 'arn:aws:acm:eu-west-1:123456789012:certificate/abc';
const prodContext = {
  stage: 'prod',
  domainName: 'api.example.com',
  certificateArn: certArn,
  alertFromEmail: 'alerts@example.com',
  sodaAppTokenSecret: 'license-verification/soda-app-token',
  firstDeploy: true,
};
const config = (values: Record<string, unknown> = prodContext): DeploymentConfig => deploymentConfig((key) => values[key]);

/** Everything in order for a first deploy of prod in eu-west-1, out of the SES sandbox. */
const ready: PreflightFacts = {
  stackName: 'LicenseVerification-prod',
  config: config(),
  region: 'eu-west-1',
  stack: { missing: true },
  sodaSecret: { found: { hasValue: true } },
  certificate: { found: { status: 'ISSUED', domainName: 'api.example.com', subjectAlternativeNames: ['api.example.com'] } },
  sesIdentity: { missing: true },
  sesAccount: { found: { productionAccessEnabled: true, sendingEnabled: true } },
};

const statusOf = (findings: Finding[], check: string): Status | undefined => findings.find((f) => f.check === check)?.status;
const messageOf = (findings: Finding[], check: string): string => findings.find((f) => f.check === check)?.message ?? '';

describe('preflight findings', () => {
  it('a first deploy with everything in place: ok, the sender identity still to create (warn), exit 0', () => {
    const findings = preflightFindings(ready);
    expect(findings.map((f) => [f.check, f.status])).toEqual([
      ['settings', 'ok'],
      ['region', 'ok'],
      ['stack', 'ok'],
      ['soda-token-secret', 'ok'],
      ['pdf-signing-secret', 'ok'],
      ['certificate', 'ok'],
      ['ses-identity', 'warn'],
      ['ses-account', 'ok'],
    ]);
    expect(messageOf(findings, 'ses-identity')).toContain('open the link SES e-mails to alerts@example.com');
    expect(preflightExitCode(findings)).toBe(0);
  });

  it('one line per check, status first', () => {
    const lines = formatFindings(preflightFindings(ready)).split('\n');
    expect(lines).toHaveLength(8);
    expect(lines[0]).toMatch(/^ok {3}settings +stage prod, domain api\.example\.com, alerts from alerts@example\.com$/);
    expect(lines.find((l) => l.includes('ses-identity'))).toMatch(/^warn ses-identity/);
  });

  it('settings that synth refuses fail, and nothing else is judged', () => {
    const findings = preflightFindings({ ...ready, config: { error: 'Stage prod needs a custom domain' } });
    expect(findings.map((f) => f.check)).toEqual(['settings', 'region']);
    expect(statusOf(findings, 'settings')).toBe('fail');
    expect(preflightExitCode(findings)).toBe(1);
  });

  it('no region: fail (cdk would not know where the certificate must be)', () => {
    const findings = preflightFindings({ ...ready, region: undefined });
    expect(statusOf(findings, 'settings')).toBe('fail');
    expect(messageOf(findings, 'settings')).toMatch(/needs the stack's region/);
    expect(statusOf(findings, 'region')).toBe('fail');
  });

  it('the certificate: not issued, another region, or not covering the domain fails; a wildcard covers one label', () => {
    const pending = preflightFindings({
      ...ready,
      certificate: { found: { status: 'PENDING_VALIDATION', domainName: 'api.example.com', subjectAlternativeNames: [] } },
    });
    expect(statusOf(pending, 'certificate')).toBe('fail');
    expect(messageOf(pending, 'certificate')).toContain('is PENDING_VALIDATION, not ISSUED');

    const otherRegion = preflightFindings({ ...ready, region: 'us-east-1' });
    expect(statusOf(otherRegion, 'settings')).toBe('fail');
    expect(messageOf(otherRegion, 'certificate')).toContain("is in eu-west-1, not the stack's region us-east-1");

    const wrongName = preflightFindings({
      ...ready,
      certificate: { found: { status: 'ISSUED', domainName: 'www.example.com', subjectAlternativeNames: ['example.com'] } },
    });
    expect(messageOf(wrongName, 'certificate')).toContain('does not cover api.example.com');
    expect(statusOf(preflightFindings({ ...ready, certificate: { missing: true } }), 'certificate')).toBe('fail');

    expect(certificateCovers(['*.example.com'], 'api.example.com')).toBe(true);
    expect(certificateCovers(['*.example.com'], 'a.api.example.com')).toBe(false);
    expect(certificateCovers(['*.example.com'], 'example.com')).toBe(false);
    expect(certificateCovers(['API.example.com'], 'api.example.com')).toBe(true);
  });

  it('the Socrata token secret: missing, empty or scheduled for deletion fails; unset is fine', () => {
    for (const sodaSecret of [
      { missing: true as const },
      { found: { hasValue: false } },
      { found: { hasValue: true, deletedDate: '2026-01-01T00:00:00.000Z' } },
    ]) {
      expect(statusOf(preflightFindings({ ...ready, sodaSecret }), 'soda-token-secret')).toBe('fail');
    }
    expect(messageOf(preflightFindings({ ...ready, sodaSecret: { missing: true } }), 'soda-token-secret')).toContain(
      'license-verification/soda-app-token does not exist',
    );
    const { sodaAppTokenSecret: _, ...withoutToken } = prodContext;
    const unset = preflightFindings({ ...ready, config: config(withoutToken) });
    expect(statusOf(unset, 'soda-token-secret')).toBe('ok');
    expect(statusOf(preflightFindings({ ...ready, sodaSecret: { error: 'AccessDeniedException: no' } }), 'soda-token-secret')).toBe('fail');
  });

  it('the PDF signing secret once the stack exists: empty warns, missing fails', () => {
    const deployed = { found: { status: 'UPDATE_COMPLETE', outputs: { PdfSigningSecretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:pdf' } } };
    const empty = preflightFindings({
      ...ready,
      stack: deployed,
      pdfSecret: { found: { hasValue: false } },
      sesIdentity: { found: { verifiedForSending: true } },
    });
    expect(statusOf(empty, 'pdf-signing-secret')).toBe('warn');
    expect(messageOf(empty, 'pdf-signing-secret')).toContain('answers 500 until it is loaded');
    expect(statusOf(preflightFindings({ ...ready, stack: deployed, pdfSecret: { found: { hasValue: true } } }), 'pdf-signing-secret')).toBe('ok');
    expect(statusOf(preflightFindings({ ...ready, stack: deployed, pdfSecret: { missing: true } }), 'pdf-signing-secret')).toBe('fail');
    expect(statusOf(preflightFindings({ ...ready, stack: { error: 'Throttling' } }), 'pdf-signing-secret')).toBe('warn');
  });

  it('the PDF signing secret by its fields: a private_key_pem while the KMS key signs fails, as does a missing key with pdfSigningWithKms=false', () => {
    const deployed = { found: { status: 'UPDATE_COMPLETE', outputs: { PdfSigningSecretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:pdf' } } };
    const judged = (fields: string[], context: Record<string, unknown> = prodContext) =>
      preflightFindings({ ...ready, config: config(context), stack: deployed, pdfSecret: { found: { hasValue: true, content: { fields } } } });
    const pem = { ...prodContext, pdfSigningWithKms: 'false' };

    const withKey = judged(['certificate_pem', 'chain_pem', 'private_key_pem']);
    expect(statusOf(withKey, 'pdf-signing-secret')).toBe('fail');
    expect(messageOf(withKey, 'pdf-signing-secret')).toMatch(/holds a private_key_pem.*-c pdfSigningWithKms=false/);
    expect(preflightExitCode(withKey)).toBe(1);
    expect(statusOf(judged(['certificate_pem', 'chain_pem']), 'pdf-signing-secret')).toBe('ok');
    expect(statusOf(judged(['certificate_pem']), 'pdf-signing-secret')).toBe('ok');
    expect(statusOf(judged(['chain_pem']), 'pdf-signing-secret')).toBe('fail');

    expect(statusOf(judged(['certificate_pem', 'private_key_pem'], pem), 'pdf-signing-secret')).toBe('ok');
    expect(messageOf(judged(['certificate_pem'], pem), 'pdf-signing-secret')).toContain('needs certificate_pem and private_key_pem');

    const content = (c: { notJson: true } | { error: string }) =>
      preflightFindings({ ...ready, stack: deployed, pdfSecret: { found: { hasValue: true, content: c } } });
    expect(statusOf(content({ notJson: true }), 'pdf-signing-secret')).toBe('fail');
    expect(statusOf(content({ error: 'AccessDeniedException: no' }), 'pdf-signing-secret')).toBe('warn');
  });

  it('a grant of the PDF signing key to an operator role warns while it is configured, and says when it has lapsed', () => {
    const withSigner = { ...prodContext, pdfCsrSignerRoleArn: 'arn:aws:iam::123456789012:role/pdf-operator', pdfCsrSignerUntil: '2026-05-01T18:00:00Z' };
    expect(statusOf(preflightFindings(ready), 'pdf-csr-signer')).toBeUndefined();
    const open = preflightFindings({ ...ready, config: config(withSigner), now: new Date('2026-05-01T12:00:00Z') });
    expect(statusOf(open, 'pdf-csr-signer')).toBe('warn');
    expect(messageOf(open, 'pdf-csr-signer')).toMatch(
      /role\/pdf-operator may have the PDF signing key sign until 2026-05-01T18:00:00Z.*deploy without pdfCsrSignerRoleArn/,
    );
    expect(open.map((f) => f.check).indexOf('pdf-csr-signer')).toBe(open.map((f) => f.check).indexOf('pdf-signing-secret') + 1);
    expect(messageOf(preflightFindings({ ...ready, config: config(withSigner), now: new Date('2026-05-02T00:00:00Z') }), 'pdf-csr-signer')).toContain(
      'lapsed at 2026-05-01T18:00:00Z',
    );
  });

  it('the stack: a first deploy needs firstDeploy=true, and a later deploy must leave it out (it turns off deletion protection)', () => {
    const withoutFlag = preflightFindings({ ...ready, config: config({ ...prodContext, firstDeploy: undefined }) });
    expect(statusOf(withoutFlag, 'stack')).toBe('fail');
    expect(messageOf(withoutFlag, 'stack')).toContain('-c firstDeploy=true');
    const deployed = { found: { status: 'UPDATE_COMPLETE', outputs: {} } };
    const flagOnUpdate = preflightFindings({ ...ready, stack: deployed });
    expect(statusOf(flagOnUpdate, 'stack')).toBe('fail');
    expect(messageOf(flagOnUpdate, 'stack')).toContain('leave out -c firstDeploy=true');
    expect(statusOf(preflightFindings({ ...ready, stack: deployed, config: config({ ...prodContext, firstDeploy: undefined }) }), 'stack')).toBe('ok');
  });

  it('the stack: a failed first deploy, a failed rollback or an operation in progress fails', () => {
    for (const status of ['ROLLBACK_COMPLETE', 'UPDATE_ROLLBACK_FAILED', 'UPDATE_IN_PROGRESS']) {
      const findings = preflightFindings({ ...ready, stack: { found: { status, outputs: {} } } });
      expect(statusOf(findings, 'stack'), status).toBe('fail');
    }
    expect(messageOf(preflightFindings({ ...ready, stack: { found: { status: 'ROLLBACK_COMPLETE', outputs: {} } } }), 'stack')).toContain('delete it');
  });

  it('the SES identity: verified ok, pending fails, a collision with the one the deploy creates fails, a missing "existing" one fails', () => {
    const deployed = { found: { status: 'UPDATE_COMPLETE', outputs: {} } };
    expect(statusOf(preflightFindings({ ...ready, stack: deployed, sesIdentity: { found: { verifiedForSending: true } } }), 'ses-identity')).toBe('ok');
    const pending = preflightFindings({ ...ready, stack: deployed, sesIdentity: { found: { verifiedForSending: false, verificationStatus: 'PENDING' } } });
    expect(statusOf(pending, 'ses-identity')).toBe('fail');
    expect(messageOf(pending, 'ses-identity')).toContain('not verified for sending (PENDING)');

    const collision = preflightFindings({ ...ready, sesIdentity: { found: { verifiedForSending: true } } });
    expect(statusOf(collision, 'ses-identity')).toBe('fail');
    expect(messageOf(collision, 'ses-identity')).toContain('-c alertFromIdentityExists=true');

    const existing = config({ ...prodContext, alertFromIdentityExists: 'true' });
    expect(statusOf(preflightFindings({ ...ready, config: existing, sesIdentity: { found: { verifiedForSending: true } } }), 'ses-identity')).toBe('ok');
    expect(statusOf(preflightFindings({ ...ready, config: existing, sesIdentity: { missing: true } }), 'ses-identity')).toBe('fail');

    const domain = preflightFindings({ ...ready, config: config({ ...prodContext, alertFromIdentity: 'example.com' }) });
    expect(messageOf(domain, 'ses-identity')).toContain('DKIM records of the AlertSenderDkim outputs');
  });

  it('the SES account: the sandbox warns (with the recipient caveat), disabled sending fails', () => {
    const sandbox = preflightFindings({ ...ready, sesAccount: { found: { productionAccessEnabled: false, sendingEnabled: true } } });
    expect(statusOf(sandbox, 'ses-account')).toBe('warn');
    expect(messageOf(sandbox, 'ses-account')).toMatch(/SES sandbox.*recipient's identity.*sesSandboxRecipients/);
    expect(statusOf(preflightFindings({ ...ready, sesAccount: { found: { productionAccessEnabled: true, sendingEnabled: false } } }), 'ses-account')).toBe(
      'fail',
    );
  });

  it('dev without a sender: the e-mail check only warns', () => {
    const dev = preflightFindings({
      stackName: 'LicenseVerification-dev',
      config: config({ firstDeploy: true }),
      region: 'eu-west-1',
      stack: { missing: true },
    });
    expect(statusOf(dev, 'ses-identity')).toBe('warn');
    expect(dev.some((f) => f.check === 'ses-account')).toBe(false);
    expect(preflightExitCode(dev)).toBe(0);
  });
});

describe('stack name and context', () => {
  it('the stack name gives the stage; a disagreeing context stage or a foreign name is refused', () => {
    expect(stageForStack('LicenseVerification-prod', undefined)).toBe('prod');
    expect(stageForStack('LicenseVerification-prod', 'prod')).toBe('prod');
    expect(stageForStack(undefined, 'staging')).toBe('staging');
    expect(() => stageForStack('LicenseVerification-prod', 'staging')).toThrow(DeploymentConfigError);
    expect(() => stageForStack('OtherStack', undefined)).toThrow(/not a stack of this app/);
  });

  it('-c key=value as the CDK CLI passes it', () => {
    expect(contextArgs(['stage=prod', 'publicBaseUrl=https://a.example.com/x?y=1'])).toEqual({ stage: 'prod', publicBaseUrl: 'https://a.example.com/x?y=1' });
    expect(() => contextArgs(['stage'])).toThrow(/key=value/);
  });
});

describe('preflight: sources an operator uploads', () => {
  const now = new Date('2027-03-01T12:00:00Z');
  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  it('lists each with its days left, warns when never loaded, nearing its stale age or past it', () => {
    const findings = preflightFindings({
      ...ready,
      now,
      operatorSources: {
        found: {
          il_hfs: { version: 'v-il', ingested_at: ago(10), as_of: ago(12).slice(0, 10) },
          fl_mqa: { version: 'v-fl', ingested_at: ago(50), as_of: ago(50).slice(0, 10) },
          al_bme: null,
        },
      },
    });
    expect(statusOf(findings, 'source-il_hfs')).toBe('ok');
    expect(messageOf(findings, 'source-il_hfs')).toContain('47 days before it is stale');
    expect(statusOf(findings, 'source-fl_mqa')).toBe('warn');
    expect(messageOf(findings, 'source-fl_mqa')).toMatch(/stale in 9 days.*ingest-roster fl_mqa --file/);
    expect(statusOf(findings, 'source-al_bme')).toBe('warn');
    expect(messageOf(findings, 'source-al_bme')).toContain('never loaded');
    const past = preflightFindings({
      ...ready,
      now,
      operatorSources: { found: { il_hfs: { version: 'v', ingested_at: ago(70) }, fl_mqa: null, al_bme: null } },
    });
    expect(messageOf(past, 'source-il_hfs')).toContain('stale (past_stale_limit): not answered from');
    expect(preflightExitCode(past)).toBe(0);
  });

  it('are reported for a stage that sends no e-mail too', () => {
    const findings = preflightFindings({
      stackName: 'LicenseVerification-dev',
      config: config({ firstDeploy: true }),
      region: 'eu-west-1',
      stack: { missing: true },
      now,
      operatorSources: { found: { il_hfs: null, fl_mqa: null, al_bme: null } },
    });
    expect(findings.some((f) => f.check === 'ses-account')).toBe(false);
    expect(statusOf(findings, 'source-al_bme')).toBe('warn');
    expect(messageOf(findings, 'source-al_bme')).toContain('never loaded');
  });
});
