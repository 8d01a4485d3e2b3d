/**
 * One verification end to end: the outcome (forced for reserved test names, else the engine), the quota
 * charge (`beforeIssue`), the signed certificate, the stored record, the result. Source clients and
 * stores are created once per container.
 */
import { containerValue } from '../container.ts';
import type { Caller, KeyMode } from '../domain/caller.ts';
import { issueCertificate, type Certificate } from '../certificates/certificate.ts';
import { SourcesUnavailable } from '../domain/errors.ts';
import { recordMetric } from '../observability/metrics.ts';
import { boardFor } from '../sources/boards/registry.ts';
import type { CertificateSigners } from '../certificates/certificate-signer.ts';
import { signersFromEnvironment } from '../certificates/signer-services.ts';
import { systemClock, type Clock } from '../clock.ts';
import { newId } from '../ids.ts';
import { captureEvidence, replayEvidence } from '../evidence/evidence-capture.ts';
import { EvidenceStore } from '../evidence/adapters/evidence-store.ts';
import { BoardSearch } from '../sources/boards/board-search.ts';
import { boardQueryKey } from '../sources/license-record.ts';
import { SodaClient } from '../sources/soda/soda-client.ts';
import { RosterSearch } from '../sources/rosters/roster-search.ts';
import { RosterStore } from '../sources/rosters/roster-store.ts';
import { ExclusionStore } from '../sources/leie/exclusion-store.ts';
import { SanctionsStore } from '../sources/lists/sanctions-store.ts';
import { listLookups } from './sanctions-screen.ts';
import { NppesClient } from '../sources/nppes/nppes-client.ts';
import { forcedVerification, type SandboxHistory } from './forced-outcome.ts';
import { forcedOutcome } from './reserved-test-names.ts';
import { sandboxPorts } from './sandbox/sandbox-sources.ts';
import { DynamoSourceCache, prefetchCached, withPrefetched, type PrefetchedAnswers } from './source-cache.ts';
import { firstCacheKeys, runVerification, type RunOptions, type VerificationOutcome, type VerificationPorts } from './verification-engine.ts';
import type { VerificationRequest } from './verification-request.ts';
import { certificateBody, verificationResult, type VerificationResult } from './verification-result.ts';
import { VerificationStore } from './verification-store.ts';

export interface VerificationServices {
  readonly ports: VerificationPorts;
  /** The certificate signer of each mode. */
  readonly signers: CertificateSigners;
  readonly store: VerificationStore;
  readonly clock: Clock;
}

/** This container's services, created on first use and reused by every invocation. */
export const verificationServices = containerValue((): VerificationServices => {
  const boards = new BoardSearch(new SodaClient(), undefined, new RosterSearch(new RosterStore()));
  const registry = new NppesClient();
  const exclusions = new ExclusionStore();
  const sanctions = new SanctionsStore();
  return {
    ports: {
      searchBoard: (board, query, deadline) => boards.search(board, query, deadline),
      lookupNpi: (npi, deadline) => registry.lookup(npi, deadline),
      searchRegistry: (search, deadline) => registry.searchIndividuals(search, deadline),
      currentExclusionList: () => exclusions.currentRemembered(),
      findExclusions: (list, lastName) => exclusions.findIndividuals(list, lastName),
      findSanctions: async (listId, lookup) => {
        const found = await sanctions.find(listId, lookup);
        if (!found.list) return undefined;
        const { sha256, file_name: fileName, ingested_at: ingestedAt, stats } = found.list;
        return {
          asOf: found.list.checked_at ?? found.list.ingested_at,
          entries: found.entries.map((e) => e.entry),
          file: { sha256, fileName, ingestedAt, bytes: stats.bytes, rows: found.entries.map((e) => e.row) },
        };
      },
      cache: new DynamoSourceCache(),
      evidence: new EvidenceStore(),
    },
    signers: signersFromEnvironment(),
    store: new VerificationStore(),
    clock: systemClock,
  };
});

/**
 * Starts what verifications of `requests` read first, so that it is read beside the request's
 * admission: their cached source answers (returned, for `withPrefetchedAnswers`), their exclusion-list
 * lookups (remembered by the exclusion store, where the engine finds them) and the signing key's id (the
 * KMS signer fetches it once per container). Nothing for test keys, which read the sandbox only.
 */
export function prefetchSourceAnswers(requests: readonly VerificationRequest[], mode: KeyMode): PrefetchedAnswers | undefined {
  if (mode !== 'live') return undefined;
  const svc = verificationServices();
  const { ports } = svc;
  // The signing key's id (KMS GetPublicKey, once per container) is known before the first certificate is signed.
  svc.signers.live.keyId().catch(() => undefined);
  const surnames = [...new Set(requests.map((r) => r.last_name))];
  ports
    .currentExclusionList()
    .then((list) => list && Promise.all(surnames.map((lastName) => ports.findExclusions(list, lastName))))
    .catch(() => undefined);
  for (const request of requests) {
    for (const { list, lookup } of listLookups({ lastName: request.last_name, npi: request.npi }, request.state)) {
      ports.findSanctions(list.id, lookup).catch(() => undefined);
    }
  }
  return prefetchCached(ports.cache, [...new Set(requests.flatMap(firstCacheKeys))], svc.clock.now());
}

/** The services of one request, whose first cache reads take the answers read ahead. */
export function withPrefetchedAnswers(svc: VerificationServices, prefetched: PrefetchedAnswers | undefined): VerificationServices {
  return prefetched ? { ...svc, ports: { ...svc.ports, cache: withPrefetched(svc.ports.cache, prefetched) } } : svc;
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
  };
}

/**
 * The outcome of a request, before anything is charged or stored; counted in `Verifications` by outcome
 * and state. A test key is answered from the sandbox only: a reserved test name forces its outcome, any
 * other name is looked up in the sandbox directory; no real source is consulted.
 */
export async function decide(
  request: VerificationRequest,
  caller: Caller,
  ports: VerificationPorts,
  now: Date,
  options: RunOptions & { readonly previous?: SandboxHistory } = {},
) {
  const forced = forcedOutcome(request.last_name, caller.mode);
  // Unsupported states share one dimension value, so the metric keeps a bounded set of series.
  const state = boardFor(request.state) ? request.state : 'other';
  try {
    const outcome: VerificationOutcome = forced
      ? forcedVerification(request, forced, now, options.previous)
      : await runVerification(request, caller.mode === 'test' ? sandboxPorts(now) : ports, now, options);
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
