/**
 * The verification use cases: one call owns a verification from decision to issued certificate. It
 * decides the outcome, lets the caller refuse it before anything is spent (`accept`), then charges the
 * quota and completes the queued source-cache writes while the certificate is signed and the record
 * stored. Handlers and the monitor check only wire requests and answers to these.
 */
import type { Deadline } from '../../platform/deadline.ts';
import type { ChargeVerifications } from '../limits/charging.ts';
import type { Certificate } from '../certificates/certificate.ts';
import type { Caller } from '../../domain/caller.ts';
import { decide, issue, sharedLookups, type VerificationServices } from './verification-service.ts';
import type { SandboxHistory } from './sandbox/reserved-sources.ts';
import type { VerificationOutcome } from './verification-engine.ts';
import type { VerificationRequest } from './verification-request.ts';
import type { VerificationResult } from './verification-result.ts';

export type { ChargeVerifications };

export interface VerifyOptions {
  readonly now: Date;
  /** When source calls must be done by. */
  readonly deadline?: Deadline;
  /** Charged once the outcome is known, never for a refused or failed one; none for monitor checks (limits/charging.ts, bound to the request by its handler). */
  readonly charge?: ChargeVerifications;
  /** A monitor's re-check: ask the board even when a fresh cached answer exists, and carry the sandbox history. */
  readonly recheck?: { readonly previous: SandboxHistory };
  /** Sees the outcome before anything is charged, signed or stored, and may refuse it by throwing. */
  readonly accept?: (outcome: VerificationOutcome) => void;
}

export interface IssuedVerification {
  readonly outcome: VerificationOutcome;
  readonly result: VerificationResult;
  readonly certificate: Certificate;
}

/** One provider: decide, then charge, flush the cache writes, sign and store. */
export async function verifyProvider(
  request: VerificationRequest,
  caller: Caller,
  svc: VerificationServices,
  options: VerifyOptions,
): Promise<IssuedVerification> {
  const decided = await decide(request, caller, svc.ports, options.now, {
    deadline: options.deadline,
    ...(options.recheck ? { freshBoard: true, previous: options.recheck.previous } : {}),
  });
  options.accept?.(decided.outcome);
  // Charged once the evidence the certificate will name is stored (a failed write fails the verification uncharged).
  const evidence = svc.ports.evidence?.stored(decided.outcome.sources.flatMap((s) => s.evidence ?? [])) ?? Promise.resolve();
  const charged = evidence.then(() => options.charge?.(1));
  // Awaited by `issue` unless the evidence fails it first, which `issue` reports itself.
  charged.catch(() => undefined);
  const { result, certificate } = await issue(request, decided, caller, svc, options.now, Promise.all([charged, svc.ports.cache.flush()]));
  return { outcome: decided.outcome, result, certificate };
}

/** Each request's verification, or why it failed (an item never fails the others). */
export type ManyOutcome = { readonly result: VerificationResult } | { readonly error: unknown };

/**
 * Several providers at once, `concurrency` at a time, in input order: identical source lookups are
 * shared, every decision is made before any certificate is signed, and the results issued are charged in
 * one charge at the end, with the cache writes.
 */
export async function verifyMany(
  requests: readonly VerificationRequest[],
  caller: Caller,
  svc: VerificationServices,
  options: Omit<VerifyOptions, 'recheck' | 'accept'> & { readonly concurrency: number },
): Promise<ManyOutcome[]> {
  const ports = sharedLookups(svc.ports);
  type Decided = { readonly decision: Awaited<ReturnType<typeof decide>> } | { readonly error: unknown };
  const decided = await pool(requests, options.concurrency, async (request): Promise<Decided> => {
    try {
      return { decision: await decide(request, caller, ports, options.now, { deadline: options.deadline }) };
    } catch (error) {
      return { error };
    }
  });
  const outcomes = await pool(decided, options.concurrency, async (d, i): Promise<ManyOutcome> => {
    if (!('decision' in d)) return { error: d.error };
    try {
      return { result: (await issue(requests[i]!, d.decision, caller, svc, options.now)).result };
    } catch (error) {
      return { error };
    }
  });
  const issued = outcomes.filter((o) => 'result' in o).length;
  await Promise.all([options.charge?.(issued), svc.ports.cache.flush()]);
  return outcomes;
}

/** Runs `fn` over `items` with at most `limit` in flight, keeping input order in the output. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
