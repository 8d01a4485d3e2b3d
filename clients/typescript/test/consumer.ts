/**
 * A consumer of the client, type-checked (never run): `tsc -p clients/typescript/tsconfig.json`. Each
 * `@ts-expect-error` below fails the check if the line it marks is accepted, so the methods must be typed
 * from the OpenAPI document for the check to pass.
 */
import { type Certificate, LicenseVerificationClient, LicenseVerificationError, verifyCertificate, verifyWebhook } from '../src/index.js';

export async function consumer(): Promise<void> {
  const client = new LicenseVerificationClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: 'svc_test_x' });

  const result = await client.verify({ first_name: 'Amelia', last_name: 'Brightwater', state: 'WA' }, { idempotencyKey: 'order-1' });
  const status:
    | 'active'
    | 'inactive'
    | 'suspended'
    | 'expired'
    | 'revoked'
    | 'not_found'
    | 'source_unavailable'
    | 'profession_not_covered'
    | 'unsupported_state' = result.status;
  const verified: boolean = result.verified;
  // @ts-expect-error: `state` is one of the 51 codes
  await client.verify({ first_name: 'Amelia', last_name: 'Brightwater', state: 'ZZ' });
  // @ts-expect-error: `last_name` is required
  await client.verify({ first_name: 'Amelia', state: 'WA' });
  // @ts-expect-error: request schemas refuse unknown fields
  await client.verify({ first_name: 'Amelia', last_name: 'Brightwater', state: 'WA', nickname: 'Amy' });
  // @ts-expect-error: no such field on a result
  result.no_such_field;

  const certificate: Certificate = await client.getCertificate({ verification_id: result.verification_id });
  // @ts-expect-error: the path parameter is `verification_id`
  await client.getCertificate({ id: result.verification_id });
  const check = verifyCertificate(certificate, await client.getSigningKeys());
  const valid: boolean = check.valid;
  const pdf: Uint8Array = await client.getCertificatePdf({ verification_id: result.verification_id });
  const html: string = await client.getRecord({ verification_id: result.verification_id });
  const record = await client.getRecord({ verification_id: result.verification_id }, { format: 'json' });
  const signatureValid: boolean = record.signature_valid;

  for await (const item of client.paginate.listVerifications({ state: 'TX', verified: false, limit: 50 })) {
    const id: string = item.verification_id;
    void id;
  }
  // @ts-expect-error: `verified` is a boolean filter
  client.paginate.listVerifications({ verified: 'false' });
  for await (const delivery of client.paginate.listMonitorDeliveries({ monitor_id: 'mon_x' }, { limit: 10 })) {
    const ok: boolean = delivery.ok;
    void ok;
  }

  const monitor = await client.createMonitor({
    first_name: 'Amelia',
    last_name: 'Brightwater',
    state: 'WA',
    webhook_url: 'http://127.0.0.1:8080/hooks',
    webhook_secret: 'at-least-16-characters',
  });
  const monitorId: string = monitor.monitor_id;
  const exported = await client.createHistoryExport({ verified: false });
  const ready = await client.waitForHistoryExport({ export_id: exported.export_id });
  if (ready.status === 'ready') await client.downloadHistoryExport(ready);
  const fileUrl: string | null = ready.file_url;
  void fileUrl;
  const csv: string = await client.getHistoryExportDownload({ export_id: exported.export_id });
  void csv;

  const event = verifyWebhook({ body: '{}', headers: {}, secret: ['old-secret-0123456789', 'new-secret-0123456789'] });
  if (event.event === 'monitor.test') {
    const id: string = event.event_id;
    void id;
  }
  // @ts-expect-error: no such event kind
  if (event.event === 'license.renamed') return;

  try {
    await client.getMonitor({ monitor_id: monitorId });
  } catch (e) {
    if (e instanceof LicenseVerificationError && e.code === 'resource_not_found') {
      const param: string | null = e.param;
      void param;
    }
    // @ts-expect-error: not a documented error code
    if (e instanceof LicenseVerificationError && e.code === 'not_found') return;
  }
  void [status, verified, valid, pdf, html, signatureValid];
}
