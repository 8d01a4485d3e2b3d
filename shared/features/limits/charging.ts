/**
 * Charging verifications to the caller's quota, and the plan's gates, as use cases on ports:
 * - `ensureQuota`: refuses (429) before any work when a hard-stop quota cannot cover the verifications
 *   a request asks for.
 * - `chargeVerifications`: charges them once the outcome is known, exactly once under Idempotency-Key
 *   retries: the units a claim already charged (its `charged` counter, kept with the claim) are not
 *   charged again; units are recorded on the claim before they are charged, so a crash between the two
 *   never charges twice, and taken back off it when the charge fails.
 * - `ensureBulkAllowed`: bulk verification is for the plans that include it.
 * The request pipeline binds a request's state to these (`chargerFor`) and hands the bound charger to
 * the handler, which passes it to the verification use case.
 */
import { PlanUpgradeRequired } from '../../domain/errors.ts';
import { bulkUnavailableMessage, type Plan } from './plans.ts';
import type { LimitState, PlanCaller } from './rate-limits.ts';

/** Where verifications are charged: the monthly quota (rate-limits.ts `RateLimits`). */
export interface UsageLedger {
  /** Charges `units` and returns the new state; throws `MonthlyQuotaExhausted` when a hard stop refuses it. */
  charge(caller: PlanCaller, state: LimitState, units: number): Promise<LimitState>;
  /** Throws `MonthlyQuotaExhausted` when a hard-stop quota cannot cover `units`. */
  ensureCanCharge(caller: PlanCaller, state: LimitState, units: number): void;
}

/** The record of what an idempotent request charged (the Idempotency-Key claim's `charged` counter). */
export interface ChargeRecord {
  /** Adds `units` (negative: takes them back) to what the claim of `scopeKey` has charged. */
  addCharged(scopeKey: string, units: number): Promise<void>;
}

/** The Idempotency-Key claim a request runs under: its scope and what it has charged so far (all its attempts). */
export interface ChargeScope {
  readonly scopeKey: string;
  charged: number;
}

/**
 * What charging reads and updates of one request: the authenticated caller, its limit state (replaced
 * after each charge, so the answer's rate-limit headers show it) and its Idempotency-Key claim, if any.
 * Without a caller or a limit state (a route without API keys), nothing is checked or charged.
 */
export interface ChargeSession {
  readonly caller?: PlanCaller | undefined;
  limits?: LimitState | undefined;
  readonly idempotency?: ChargeScope | undefined;
}

export interface ChargingPorts {
  readonly ledger: UsageLedger;
  readonly record: ChargeRecord;
}

/** Charges `units` verifications to the caller's quota (test keys': counted per day only); 429 when a hard quota is full. */
export type ChargeVerifications = (units: number) => Promise<void>;

/** 429 now, before any work, when a hard-stop quota cannot cover `units` verifications. */
export function ensureQuota(session: ChargeSession, ledger: Pick<UsageLedger, 'ensureCanCharge'>, units: number): void {
  if (session.caller && session.limits) ledger.ensureCanCharge(session.caller, session.limits, units);
}

/**
 * Charges `units` verifications, less what the request's Idempotency-Key claim has already charged:
 * a retry of a request that was charged charges nothing more. The units are recorded on the claim before
 * the charge and taken back off it when the charge fails (and the failure is thrown).
 */
export async function chargeVerifications(session: ChargeSession, ports: ChargingPorts, units: number): Promise<void> {
  const caller = session.caller;
  // Test keys go the same way: their verifications are counted per day, exactly once under retries.
  if (!caller || !session.limits || units <= 0) return;
  const idem = session.idempotency;
  const due = idem ? Math.max(0, units - idem.charged) : units;
  if (due === 0) return;
  if (idem) {
    await ports.record.addCharged(idem.scopeKey, due);
    idem.charged += due;
  }
  try {
    session.limits = await ports.ledger.charge(caller, session.limits, due);
  } catch (error) {
    if (idem) {
      await ports.record.addCharged(idem.scopeKey, -due);
      idem.charged -= due;
    }
    throw error;
  }
}

/** The charging of one request, bound to its state and the ports: what a handler and the verification use case are given. */
export interface Charger {
  /** 429 now, before any work, when a hard-stop quota cannot cover `units` verifications. */
  readonly ensureQuota: (units: number) => void;
  /** Charges `units` verifications, exactly once under Idempotency-Key retries. */
  readonly charge: ChargeVerifications;
}

/** The charger of a request: its session, with the ports read when it charges. */
export function chargerFor(session: ChargeSession, ports: () => ChargingPorts): Charger {
  return {
    ensureQuota: (units) => ensureQuota(session, ports().ledger, units),
    charge: (units) => chargeVerifications(session, ports(), units),
  };
}

/** 403 `plan_upgrade_required` unless the plan includes bulk verification. */
export function ensureBulkAllowed(plan: Pick<Plan, 'name' | 'bulk'>): void {
  if (!plan.bulk) {
    throw new PlanUpgradeRequired(bulkUnavailableMessage(plan.name));
  }
}

/**
 * Admits a bulk request of `units` valid providers before any work: the plan must include bulk
 * verification, and a hard-stop quota must cover every one of them.
 */
export function admitBulk(plan: Pick<Plan, 'name' | 'bulk'>, charger: Pick<Charger, 'ensureQuota'>, units: number): void {
  ensureBulkAllowed(plan);
  charger.ensureQuota(units);
}
