import { ApiError, invalidParam } from '#shared/http/errors.ts';
import { MonitorSlots, monitorCaps } from '#shared/limits/monitor-slots.ts';
import { apiHandler, type ApiRequest } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { newId } from '#shared/ids.ts';
import { nextCheckAt } from '#shared/monitoring/check-schedule.ts';
import { snapshotFromResult } from '#shared/monitoring/monitor-snapshot.ts';
import { createMonitorRequestSchema, type CreateMonitorRequest } from '#shared/monitoring/monitor-requests.ts';
import { dueShard, MonitorStore, monitorView, ownerKey } from '#shared/monitoring/monitor-store.ts';
import { sealerFromEnvironment } from '#shared/monitoring/secret-sealer.ts';
import { stateName } from '#shared/domain/us-states.ts';
import type { Caller } from '#shared/domain/caller.ts';
import { defaultVerificationServices } from '#shared/verification/verification-service.ts';
import { verifyProvider } from '#shared/verification/verify-provider.ts';
import { checkWebhookUrl, webhookLoopbackAllowedFromEnv } from '#shared/webhooks/webhook-url-guard.ts';

const monitors = new MonitorStore();
const slots = new MonitorSlots();
/** Kept from the deadline for issuing the result, sealing the secret, storing the monitor and answering. */
const answerReserveMs = 1_500;

/**
 * POST /v1/monitor: registers a provider for daily re-checks with signed webhooks. The webhook URL is
 * checked against server-side request forgery; the secret is stored sealed and never returned. An
 * initial verification runs (and counts as one verification).
 */
export const handler = apiHandler('CreateMonitor', { body: createMonitorRequestSchema }, async (req) => {
  const caller = req.caller;
  const url = await checkWebhookUrl(req.body.webhook_url, { mode: caller.mode, allowLoopback: webhookLoopbackAllowedFromEnv() });
  if (!url.ok) throw invalidParam('webhook_url', url.reason);
  req.ensureQuota(1);
  if (!(await slots.take(caller.accountId, caller.mode))) {
    throw new ApiError('monitor_limit_reached', `This account already has ${monitorCaps[caller.mode]} active ${caller.mode}-mode monitors; delete one to add another.`, { limit: monitorCaps[caller.mode] });
  }
  try {
    return await register(req, caller, url.url);
  } catch (error) {
    await slots.release(caller.accountId, caller.mode);
    throw error;
  }
});

/** Verifies the provider, seals the secret and stores the monitor (its slot already taken). */
async function register(req: ApiRequest<CreateMonitorRequest, undefined>, caller: Caller, webhookUrl: URL) {
  const svc = defaultVerificationServices();
  const now = svc.clock.now();
  const request = { first_name: req.body.first_name, last_name: req.body.last_name, state: req.body.state, ...(req.body.npi ? { npi: req.body.npi } : {}) };
  const monitorId = newId('mon');
  // Sealed for this monitor and owner only: it opens for no other monitor (see secret-sealer.ts).
  const sealing = sealerFromEnvironment().seal(req.body.webhook_secret, { monitorId, accountId: caller.accountId, mode: caller.mode });
  sealing.catch(() => undefined);
  const { result } = await verifyProvider(request, caller, svc, {
    now,
    deadline: req.deadline(answerReserveMs),
    charge: req.chargeVerifications,
    accept: (outcome) => {
      if (outcome.status === 'unsupported_state') throw invalidParam('state', `${stateName(request.state)} is not a supported state; see GET /v1/coverage.`);
    },
  });
  const sealed = await sealing;
  const createdAt = now.toISOString();
  const record = {
    monitor_id: monitorId,
    owner: ownerKey(caller.accountId, caller.mode),
    account_id: caller.accountId,
    mode: caller.mode,
    status: 'active' as const,
    created_at: createdAt,
    created_key: `${createdAt}#${monitorId}`,
    request,
    provider: { name: result.name, npi: result.npi, state: result.state, current_status: result.status, expiry_date: result.expiry_date },
    webhook_url: webhookUrl.toString(),
    webhook_secret_sealed: sealed,
    alert_days_before_expiry: req.body.alert_days_before_expiry,
    next_check_at: nextCheckAt(now).toISOString(),
    due_shard: dueShard(monitorId),
    last_verification_id: result.verification_id,
    snapshot: snapshotFromResult(result, null, now),
  };
  await monitors.create(record);
  return json(200, monitorView(record));
}

