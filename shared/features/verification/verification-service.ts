/**
 * One verification end to end: the outcome (the engine's, over the sandbox's sources on a test key),
 * the quota charge (`beforeIssue`), the signed certificate, the stored record, the result. The services
 * it uses are composed once per container (verification-services.ts).
 */
import type { Caller } from '../../domain/caller.ts';
import { issueCertificate, type Certificate } from '../certificates/certificate.ts';
import { SourcesUnavailable } from '../../domain/errors.ts';
import { recordMetric } from '../../platform/observability/metrics.ts';
import { boardFor } from '../sources/boards/registry.ts';
import type { CertificateSigners } from '../certificates/certificate-signer.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { captureEvidence, replayEvidence } from '../evidence/evidence-capture.ts';
import { boardQueryKey } from '../sources/license-record.ts';
import type { SandboxHistory } from './sandbox/reserved-sources.ts';
import { sandboxPorts } from './sandbox/sandbox-sources.ts';
import { runVerification, type RunOptions, type VerificationOutcome, type VerificationPorts } from './verification-engine.ts';
import type { VerificationRequest } from './verification-request.ts';
import type { VerificationStore } from './verification-record.ts';
import { certificateBody, verificationResult, type VerificationResult } from './verification-result.ts';

export interface VerificationServices {
  readonly ports: VerificationPorts;
  /** The certificate signer of each mode. */
  readonly signers: CertificateSigners;
  readonly store: VerificationStore;
  readonly clock: Clock;
}

/** Ports whose source lookups are shared by identical calls (a bulk request's duplicates). */
export function sharedLookups(ports: VerificationPorts): VerificationPorts {
  const memo = new Map<string, Promise<unknown>>();
  const once =
    <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>, keyOf: (...args: A) => string) =>
    (...args: A): Promise<R> => {
      const key = `${name}|${keyOf(...args)}`;
      // Each caller's answer names the responses it was read from, whoever made the call.
      let pending = memo.get(key) as ReturnType<typeof captureEvidence<R>> | undefined;
      if (!pending) {
        pending = captureEvidence(() => fn(...args));
        memo.set(key, pending);
      }
      return pending.then(({ value, responses }) => {
        replayEvidence(responses);
        return value;
      });
    };
  return {
    searchBoard: once('board', ports.searchBoard, (board, query) => `${board.state}|${boardQueryKey(query)}`),
    lookupNpi: once('npi', ports.lookupNpi, (npi) => npi),
    searchRegistry: once('registry', ports.searchRegistry, (s) => JSON.stringify(s)),
    currentExclusionList: once('leie', ports.currentExclusionList, () => ''),
    findExclusions: once('exclusions', ports.findExclusions, (list, lastName) => `${list.version}|${lastName.toUpperCase()}`),
    findSanctions: once('sanctions', ports.findSanctions, (listId, lookup) => `${listId}|${lookup.lastName?.toUpperCase() ?? ''}|${lookup.npi ?? ''}`),
    cache: ports.cache,
    ...(ports.evidence ? { evidence: ports.evidence } : {}),
    ...(ports.boardFor ? { boardFor: ports.boardFor } : {}),
    ...(ports.unreadable ? { unreadable: ports.unreadable } : {}),
  };
}

/**
 * The outcome of a request, before anything is charged or stored; counted in `Verifications` by outcome
 * and state. A test key is answered from the sandbox's sources only (its directory, and what a reserved
 * test name forces, given a monitor's `previous` answer); no real source is consulted.
 */
export async function decide(
  request: VerificationRequest,
  caller: Caller,
  ports: VerificationPorts,
  now: Date,
  options: RunOptions & { readonly previous?: SandboxHistory } = {},
) {
  // Unsupported states share one dimension value, so the metric keeps a bounded set of series.
  const state = boardFor(request.state) ? request.state : 'other';
  try {
    const outcome = await runVerification(request, caller.mode === 'test' ? sandboxPorts(now, request, options.previous) : ports, now, options);
    recordMetric('verifications', 1, { outcome: outcome.status, state });
    return { outcome, sandbox: caller.mode === 'test' };
  } catch (error) {
    if (error instanceof SourcesUnavailable) recordMetric('verifications', 1, { outcome: 'sources_unavailable', state });
    throw error;
  }
}

/** Signs, stores and returns the result of a decided verification. */
export async function issue(
  request: VerificationRequest,
  decided: { outcome: VerificationOutcome; sandbox: boolean },
  caller: Caller,
  svc: Pick<VerificationServices, 'signers' | 'store'> & { readonly ports?: Pick<VerificationPorts, 'evidence'> },
  now: Date,
  /** Work that may run alongside storing the record (the quota charge, pending cache writes). */
  alongside: Promise<unknown> = Promise.resolve(),
): Promise<{ result: VerificationResult; certificate: Certificate }> {
  const ids = { verificationId: newId('vrf'), checkedAt: now.toISOString(), mode: caller.mode, sandbox: decided.sandbox };
  const body = certificateBody(decided.outcome, request.state, ids);
  // Live and test certificates are signed with different keys: the key of the certificate's own mode.
  // The evidence the certificate names is stored before the certificate is: it is signed meanwhile.
  const [certificate] = await Promise.all([
    issueCertificate(body, svc.signers[body.mode]),
    svc.ports?.evidence?.stored(body.sources.flatMap((s) => s.evidence ?? [])),
  ]);
  const result = verificationResult(decided.outcome, request.state, ids, certificate.certificate_hash);
  await Promise.all([
    alongside,
    svc.store.put(
      {
        verification_id: ids.verificationId,
        account_id: caller.accountId,
        mode: caller.mode,
        created_at: ids.checkedAt,
        result,
        certificate,
      },
      { first_name: request.first_name, last_name: request.last_name, state: request.state, npi: request.npi ?? null },
    ),
  ]);
  return { result, certificate };
}
