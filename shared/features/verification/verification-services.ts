/**
 * The verification services of a container: the source clients and stores, the cache, the evidence
 * store, the signers and the clock, composed once per container and reused by every invocation; and the
 * answers read ahead of a request (`prefetchSourceAnswers`, `withPrefetchedAnswers`).
 */
import { signersFromEnvironment } from '../certificates/signer-services.ts';
import { systemClock } from '../../platform/clock.ts';
import { containerValue } from '../../platform/container.ts';
import type { KeyMode } from '../../domain/caller.ts';
import { EvidenceStore } from '../evidence/adapters/evidence-store.ts';
import { BoardSearch } from '../sources/boards/board-search.ts';
import { NppesClient } from '../sources/nppes/nppes-client.ts';
import { RosterSearch } from '../sources/rosters/roster-search.ts';
import { SodaClient } from '../sources/soda/soda-client.ts';
import { DynamoSourceCache } from './adapters/source-cache.ts';
import { DynamoVerificationStore } from './adapters/verification-store.ts';
import { listLookups } from './sanctions-screen.ts';
import { prefetchCached, withPrefetched, type PrefetchedAnswers } from './source-cache.ts';
import { firstCacheKeys } from './verification-engine.ts';
import type { VerificationRequest } from './verification-request.ts';
import type { VerificationServices } from './verification-service.ts';
import { dynamoExclusionStore, dynamoRosterStore, dynamoSanctionsStore } from '../sources/source-store-services.ts';

/** This container's services, created on first use and reused by every invocation. */
export const verificationServices = containerValue((): VerificationServices => {
  const boards = new BoardSearch(new SodaClient(), undefined, new RosterSearch(dynamoRosterStore()));
  const registry = new NppesClient();
  const exclusions = dynamoExclusionStore();
  const sanctions = dynamoSanctionsStore();
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
    store: new DynamoVerificationStore(),
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
