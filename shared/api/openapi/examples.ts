/**
 * Example bodies for the OpenAPI document and the API reference, taken from real answers of the local
 * stack (the certificate example is signed by the key of the JWKS example, and verifies with it). A unit
 * test parses every one with the schema it illustrates, so an example cannot drift from the contract.
 */
import { certificateHashPrefix } from '../../features/certificates/certificate.ts';

const helenResultId = 'vrf_HaZ3ExphnWfy1GPtEg63SMCd';
const helenHash = `${certificateHashPrefix}c349f9c2a32914179b35c614f4da3494bc76a06b5629fdca84dfaaee60012d29`;
const keyId = 'aotf69AI9mk3GwJUNAWDrqisMhVvMIKyfjIUxvNRRaE';
const monitorId = 'mon_nZ5WedRyr8JrZzZlfaHlhSwD';

export const verificationRequestExample = { first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '1662571706' };

export const verificationResultExample = {
  verification_id: helenResultId,
  verified: true,
  status: 'active',
  name: 'Helen Jane Thomas',
  license_number: 'RN00973025',
  state: 'Washington',
  expiry_date: '2027-06-03',
  disciplinary_flags: false,
  oig_excluded: false,
  sanctioned: false,
  sources_checked: ['Washington State Department of Health', 'OIG LEIE', 'NPPES NPI Registry'],
  source_live: true,
  cached: false,
  cache_expires_at: '2026-11-23T02:16:02.709Z',
  checked_at: '2026-11-22T02:16:02.709Z',
  certificate_hash: helenHash,
  profession: 'registered_nurse',
  license_type: 'Registered Nurse License',
  profession_confirmed: true,
  professions_covered: ['physician', 'registered_nurse', 'practical_nurse', 'pharmacist'],
  match_confidence: 0.99,
  match_basis: ['npi', 'npi_license_link'],
  match_note: null,
  npi: '1662571706',
  mode: 'live',
  sources: [
    { name: 'Washington State Department of Health', status: 'live', as_of: '2026-11-22T02:16:02.709Z' },
    { name: 'OIG LEIE', status: 'cached', as_of: '2026-11-22T02:15:39.508Z' },
    { name: 'NPPES NPI Registry', status: 'live', as_of: '2026-11-22T02:16:02.709Z' },
  ],
  oig_exclusion: null,
  sanctions: {
    lists: [{ list: 'oig_leie', name: 'OIG LEIE', status: 'cached', as_of: '2026-11-22T02:15:39.508Z' }],
    matches: [],
  },
  registry: {
    npi: '1662571706',
    name: 'HELEN JANE THOMAS',
    credential: 'ADN',
    licenses: [{ state: 'WA', license_number: 'RN00973025', taxonomy: 'Registered Nurse', primary: true }],
  },
};

export const sandboxExcludedResultExample = {
  ...verificationResultExample,
  verification_id: 'vrf_MVJwQ90RqyneIHVjXLgFfRKq',
  verified: false,
  name: 'Pat test-excluded',
  license_number: 'TEST9580236',
  state: 'Texas',
  expiry_date: '2027-11-22',
  oig_excluded: true,
  sources_checked: ['Texas Medical Board and Texas Board of Nursing', 'OIG LEIE', 'NPPES NPI Registry'],
  certificate_hash: `${certificateHashPrefix}e72df78c284c9ae86531504a2086d59ea728af3c1034a3f1992b3e984b4ad76a`,
  profession: 'physician',
  license_type: 'Sandbox Test License',
  professions_covered: ['physician', 'registered_nurse'],
  match_confidence: 0.99,
  match_basis: ['npi', 'npi_license_link'],
  mode: 'test',
  sources: [
    { name: 'Texas Medical Board and Texas Board of Nursing', status: 'live', as_of: '2026-11-22T02:16:15.536Z' },
    { name: 'OIG LEIE', status: 'cached', as_of: '2026-11-22T00:00:00.000Z' },
    { name: 'NPPES NPI Registry', status: 'live', as_of: '2026-11-22T02:16:15.536Z' },
  ],
  oig_exclusion: { match: 'npi', exclusion_type: '1128b4', exclusion_date: '2025-10-18', waiver_state: null, waiver_date: null },
  sanctioned: true,
  sanctions: {
    lists: [{ list: 'oig_leie', name: 'OIG LEIE', status: 'cached', as_of: '2026-11-22T00:00:00.000Z' }],
    matches: [{ list: 'oig_leie', basis: 'npi', name: 'Pat test-excluded', action: 'OIG exclusion 1128b4', start_date: '2025-10-18', end_date: null }],
  },
  registry: {
    npi: '1662571706',
    name: 'PAT TEST-EXCLUDED',
    credential: null,
    licenses: [{ state: 'TX', license_number: 'TEST9580236', taxonomy: 'Sandbox Test License', primary: true }],
  },
  sandbox: true,
};

/** Two physicians named alike in IL (no birth years published): the name alone cannot say which. */
export const ambiguousResultExample = {
  ...verificationResultExample,
  verification_id: 'vrf_CT8wnV0XMyB1WLVoXANMkA4u',
  verified: false,
  status: 'not_found',
  name: null,
  license_number: null,
  state: 'Illinois',
  expiry_date: null,
  sources_checked: ['Illinois Department of Financial and Professional Regulation', 'OIG LEIE', 'NPPES NPI Registry'],
  source_live: false,
  cached: true,
  cache_expires_at: '2026-11-24T09:36:56.123Z',
  checked_at: '2026-11-23T09:36:58.222Z',
  certificate_hash: `${certificateHashPrefix}200979b47f224584743f0892b23dc57037aeb069c01404b46f100fead8485926`,
  profession: null,
  license_type: null,
  profession_confirmed: false,
  professions_covered: ['physician', 'physician_assistant', 'nurse_practitioner', 'registered_nurse', 'practical_nurse'],
  match_confidence: null,
  match_basis: [],
  match_note: { reason: 'ambiguous', candidate_people: 2, resolve_with: ['npi'] },
  npi: null,
  mode: 'live',
  sources: [
    { name: 'Illinois Department of Financial and Professional Regulation', status: 'cached', as_of: '2026-11-23T09:36:56.123Z' },
    { name: 'OIG LEIE', status: 'cached', as_of: '2026-11-23T09:36:34.082Z' },
    { name: 'NPPES NPI Registry', status: 'cached', as_of: '2026-11-23T09:36:56.123Z' },
  ],
  oig_exclusion: null,
  sanctions: { lists: [{ list: 'oig_leie', name: 'OIG LEIE', status: 'cached', as_of: '2026-11-23T09:36:34.082Z' }], matches: [] },
  registry: null,
};

export const bulkRequestExample = {
  providers: [
    { first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '1662571706' },
    // Of the request's shape, but the NPI's check digit is wrong: an item error, not a failed batch.
    { first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '1662571707' },
  ],
};

export const bulkResponseExample = {
  results: [
    { index: 0, result: verificationResultExample },
    {
      index: 1,
      error: {
        code: 'invalid_request',
        message: 'Invalid providers[1].npi: npi must be 10 digits with a valid check digit',
        docs: 'https://api.example.com/docs#error-invalid-request',
        param: 'providers[1].npi',
      },
    },
  ],
  summary: { total: 2, succeeded: 1, failed: 1, verified: 1, by_status: { active: 1 } },
};

export const certificateExample = {
  verification_id: helenResultId,
  issued_at: '2026-11-22T02:16:02.709Z',
  mode: 'live',
  provider: {
    name: 'Helen Jane Thomas',
    npi: '1662571706',
    license_number: 'RN00973025',
    state: 'Washington',
    profession: 'registered_nurse',
    license_type: 'Registered Nurse License',
  },
  result: { verified: true, status: 'active', expiry_date: '2027-06-03', disciplinary_flags: false, oig_excluded: false },
  match: { confidence: 0.99, basis: ['npi', 'npi_license_link'] },
  sources_checked: ['Washington State Department of Health', 'OIG LEIE', 'NPPES NPI Registry'],
  sources: verificationResultExample.sources,
  signing_key_id: keyId,
  signature: 'vrf_sig_AXIceCtW58IlCYW8wjZ7KwXWE5CpqbMm2et9tO9m_Op-X2DjGGxweHNibBoFdIYzPsw6NnxR8cCdwRoZKo-duA',
  certificate_hash: helenHash,
};

export const publicRecordExample = {
  result: { standing: 'clear', verified: true, status: 'active', oig_excluded: false, disciplinary_flags: false, expiry_date: '2027-06-03' },
  provider: { name: 'Helen Jane Thomas', state: 'Washington', profession: 'registered_nurse', license_type: 'Registered Nurse License' },
  sources: verificationResultExample.sources,
  sanctions: null,
  signature_valid: true,
  verification_id: helenResultId,
  issued_at: '2026-11-22T02:16:02.709Z',
  certificate_hash: helenHash,
  signing_key_id: keyId,
  mode: 'live',
};

/** A sandbox provider on the OIG exclusion list: the outcome leads, and the signature is a separate fact. */
export const adversePublicRecordExample = {
  result: { standing: 'adverse', verified: false, status: 'active', oig_excluded: true, disciplinary_flags: false, expiry_date: '2027-11-22' },
  provider: { name: 'Pat test-excluded', state: 'Texas', profession: 'physician', license_type: 'Sandbox Test License' },
  sources: sandboxExcludedResultExample.sources,
  sanctions: { sanctioned: true, ...sandboxExcludedResultExample.sanctions },
  signature_valid: true,
  verification_id: sandboxExcludedResultExample.verification_id,
  issued_at: '2026-11-22T02:16:15.536Z',
  certificate_hash: sandboxExcludedResultExample.certificate_hash,
  signing_key_id: keyId,
  mode: 'test',
};

export const jwksExample = {
  keys: [
    {
      kty: 'EC',
      crv: 'P-256',
      x: '7fyyxY8WPcV7FmJnA6Bw_t9Won9HkQ2VVCmx1o37CDU',
      y: 'qYALuxLYB2qAczyUy4Rr9Vs8EEBUPRhNLo3ec8uaSy8',
      kid: keyId,
      alg: 'ES256',
      use: 'sig',
      mode: 'live',
    },
    {
      kty: 'EC',
      crv: 'P-256',
      x: 'fQ10sJ4rRVjZ3XiFUiIurJAyFm-UOADovFWp6vzm7JE',
      y: 'kxixAW2wnBeDUzwH3juQEWxOCF1Vd80apZ2-KbFpp_U',
      kid: 'liMgJIRP4bDmYisZBz1zH4kxN3g-LSk0p6OzZgMJVdE',
      alg: 'ES256',
      use: 'sig',
      mode: 'test',
    },
  ],
};

export const accountExample = {
  account_id: 'acct_GQ8vJzK9VwXWAOjDiCIh',
  plan: 'production',
  mode: 'live',
  email: 'ops@example.com',
  limits: { monthly_verifications: 5000, past_quota: 'overage', overage_price_usd: 0.08, requests_per_minute: 60, bulk: true },
  usage: { month: '2026-11', verifications: 1, included: 1, overage: 0, remaining: 4999, resets_at: '2026-12-01T00:00:00.000Z' },
};

/** Days of a month with the given counts (zeros elsewhere), for the usage example. */
function exampleDays(month: string, last: number, counts: Record<number, [number, number]>) {
  return Array.from({ length: last }, (_, i) => {
    const [live, test] = counts[i + 1] ?? [0, 0];
    return { date: `${month}-${String(i + 1).padStart(2, '0')}`, live, test };
  });
}

export const usageExample = {
  account_id: 'acct_GQ8vJzK9VwXWAOjDiCIh',
  plan: 'production',
  mode: 'live',
  limits: { monthly_verifications: 5000, past_quota: 'overage', overage_price_usd: 0.08, requests_per_minute: 60, bulk: true },
  months: [
    { month: '2026-11', verifications: 3, included: 3, overage: 0, test_verifications: 5, days: exampleDays('2026-11', 3, { 2: [2, 4], 3: [1, 1] }) },
    {
      month: '2026-10',
      verifications: 5012,
      included: 5000,
      overage: 12,
      test_verifications: 2,
      days: exampleDays('2026-10', 31, { 6: [1200, 2], 13: [1300, 0], 20: [1250, 0], 27: [1262, 0] }),
    },
  ],
};

export const sourcesExample = {
  generated_at: '2026-11-02T09:41:07.000Z',
  data: [
    {
      id: 'oig_leie',
      name: 'OIG LEIE',
      kind: 'exclusion_list',
      jurisdiction: 'federal',
      updated: 'scheduled',
      state: 'ok',
      current_version: '20261012T090000Z-3f2a9c81d0b4',
      as_of: '2026-10-09',
      pending_review: null,
      last_refresh_at: '2026-11-02T09:00:04.000Z',
      stale_at: '2026-12-07T09:00:04.000Z',
      freshness_policy: { measured_from: 'last_check', warn_after_days: 7, stale_after_days: 35 },
      last_24h: { calls: 2, failures: 0, failure_rate: 0, median_latency_ms: 800, unreadable_values: 0 },
    },
    {
      id: 'il_hfs',
      name: 'Illinois HFS OIG Sanctions List',
      kind: 'sanctions_list',
      jurisdiction: 'IL',
      updated: 'operator_upload',
      state: 'degraded',
      current_version: '20260914T140512Z-9b0e4d7a21c3',
      as_of: '2026-09-12',
      pending_review: null,
      last_refresh_at: '2026-09-14T14:05:12.000Z',
      stale_at: '2026-11-11T00:00:00.000Z',
      freshness_policy: { measured_from: 'as_of', warn_after_days: 45, stale_after_days: 60 },
      last_24h: { calls: 0, failures: 0, failure_rate: null, median_latency_ms: null, unreadable_values: 0 },
    },
    {
      id: 'board_tx',
      name: 'Texas Medical Board and Texas Board of Nursing',
      kind: 'board_open_data',
      jurisdiction: 'TX',
      updated: 'live',
      state: 'ok',
      current_version: null,
      as_of: null,
      pending_review: null,
      last_refresh_at: null,
      stale_at: null,
      freshness_policy: null,
      last_24h: { calls: 1840, failures: 3, failure_rate: 0.002, median_latency_ms: 400, unreadable_values: 0 },
    },
  ],
};

export const coverageExample = {
  federal_sources: ['NPPES NPI Registry', 'OIG LEIE'],
  sanctions_lists: [
    { list: 'oig_leie', name: 'OIG LEIE', scope: 'federal', searched_by: 'name', updated: 'scheduled', format_confidence: 'confirmed' },
    { list: 'sam', name: 'SAM.gov Exclusions', scope: 'federal', searched_by: 'name', updated: 'scheduled', format_confidence: 'confirmed' },
    {
      list: 'cms_opt_out',
      name: 'CMS Medicare Opt-Out Affidavits',
      scope: 'federal',
      searched_by: 'name',
      updated: 'scheduled',
      format_confidence: 'observed',
    },
    {
      list: 'cms_revoked',
      name: 'CMS Revoked Medicare Providers and Suppliers',
      scope: 'federal',
      searched_by: 'name',
      updated: 'scheduled',
      format_confidence: 'observed',
    },
    {
      list: 'il_hfs',
      name: 'Illinois HFS OIG Sanctions List',
      scope: 'state',
      state: 'IL',
      searched_by: 'name',
      updated: 'operator_upload',
      format_confidence: 'confirmed',
    },
    {
      list: 'tx_hhsc',
      name: 'Texas HHSC OIG Exclusions',
      scope: 'state',
      state: 'TX',
      searched_by: 'name',
      updated: 'scheduled',
      format_confidence: 'confirmed',
    },
    {
      list: 'ca_medi_cal',
      name: 'California Medi-Cal Suspended and Ineligible Provider List',
      scope: 'state',
      state: 'CA',
      searched_by: 'name',
      updated: 'scheduled',
      format_confidence: 'confirmed',
    },
    {
      list: 'nppes_deactivated',
      name: 'NPPES Deactivated NPI Report',
      scope: 'federal',
      searched_by: 'npi',
      updated: 'scheduled',
      format_confidence: 'observed',
    },
    {
      list: 'wa_hca',
      name: 'Washington HCA Provider Termination and Exclusion List',
      scope: 'state',
      state: 'WA',
      searched_by: 'name',
      updated: 'scheduled',
      format_confidence: 'confirmed',
    },
    {
      list: 'co_hcpf',
      name: 'Colorado HCPF Terminated Provider List',
      scope: 'state',
      state: 'CO',
      searched_by: 'name',
      updated: 'scheduled',
      format_confidence: 'confirmed',
    },
    {
      list: 'ny_omig',
      name: 'New York OMIG Medicaid Exclusion List',
      scope: 'state',
      state: 'NY',
      searched_by: 'name',
      updated: 'scheduled',
      format_confidence: 'confirmed',
    },
  ],
  data: [
    {
      state: 'TX',
      name: 'Texas',
      sources: [
        {
          name: 'Texas Medical Board and Texas Board of Nursing',
          datasets: ['tm3v-pfq9', 'tgb2-j935', 'yjie-tuwv', 'jnzg-cr4w'],
          kind: 'open_data_query',
          updated: 'live',
          refresh: 'unknown',
          current_only: false,
          absent_means: 'no license, current or past',
          format_confidence: 'observed',
        },
        {
          name: 'Texas Behavioral Health Executive Council',
          datasets: ['LPC', 'PSY', 'MFT', 'SW'],
          kind: 'roster_file',
          updated: 'scheduled',
          refresh: 'daily',
          current_only: false,
          absent_means: 'no license, current or past',
          format_confidence: 'observed',
        },
      ],
      professions_covered: ['physician', 'physician_assistant', 'nurse_practitioner', 'registered_nurse'],
      uncovered_profession: 'rejected_before_lookup',
      refresh: 'unknown',
      format_confidence: 'observed',
      format_notes: 'Fields and status vocabularies as third-party connectors report them.',
    },
    {
      state: 'VT',
      name: 'Vermont',
      sources: [
        {
          name: 'Vermont Board of Medical Practice',
          datasets: ['mxkz-bi85'],
          kind: 'open_data_query',
          updated: 'live',
          refresh: 'daily',
          current_only: false,
          absent_means: 'no license, current or past',
          format_confidence: 'inferred',
        },
      ],
      professions_covered: ['physician', 'physician_assistant', 'podiatrist'],
      uncovered_profession: 'rejected_before_lookup',
      refresh: 'daily',
      format_confidence: 'inferred',
      format_notes: 'Column names are not recorded and were inferred; every answer is checked and a changed or different format makes the source unavailable.',
    },
  ],
};

export const monitorRequestExample = {
  first_name: 'Helen',
  last_name: 'Thomas',
  state: 'WA',
  npi: '1662571706',
  webhook_url: 'https://hooks.example.com/license',
  webhook_secret: 'at-least-16-characters',
  alert_days_before_expiry: 60,
};

export const monitorExample = {
  monitor_id: monitorId,
  status: 'active',
  provider: { name: 'Helen Jane Thomas', npi: '1662571706', state: 'Washington', current_status: 'active', expiry_date: '2027-06-03' },
  webhook_url: 'https://hooks.example.com/license',
  alert_days_before_expiry: 60,
  secret_rotation: null,
  next_check_at: '2026-11-23T06:00:00.000Z',
  created_at: '2026-11-22T02:16:16.302Z',
  mode: 'live',
};

/** A monitor during the overlap window of a secret rotation (`POST /v1/monitor/{monitor_id}/rotate-secret`, 24 hours). */
export const rotatingMonitorExample = {
  ...monitorExample,
  next_check_at: '2026-11-25T06:00:00.000Z',
  secret_rotation: { rotated_at: '2026-11-24T10:20:00.000Z', previous_secret_expires_at: '2026-11-25T10:20:00.000Z' },
};

export const deletedMonitorExample = { ...monitorExample, status: 'deleted', next_check_at: null, deleted_at: '2026-11-24T09:30:00.000Z' };

export const monitorPageExample = { data: [monitorExample], has_more: true, next_cursor: monitorId };

const webhookCommon = {
  event_id: 'evt_Q2mXb8Yt0cRk3LwPz9NvA1sD',
  monitor_id: monitorId,
  occurred_at: '2026-11-23T06:00:04.118Z',
  provider: { name: 'Helen Jane Thomas', npi: '1662571706', state: 'Washington' },
  verification_id: 'vrf_Vb3kP0sLq8ZmT2yWcX9nR4fJ',
  certificate_hash: `${certificateHashPrefix}0f3c9a6d1b2e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c`,
};

/** One example body per event kind. */
export const webhookEventExamples = {
  'license.status_changed': {
    event: 'license.status_changed',
    ...webhookCommon,
    change: { from: 'active', to: 'suspended' },
    data: { previous_status: 'active', status: 'suspended', verified: false, expiry_date: '2027-06-03' },
  },
  'license.reinstated': {
    event: 'license.reinstated',
    ...webhookCommon,
    change: { from: 'suspended', to: 'active' },
    data: { reinstated_from: 'suspended', expiry_date: '2027-06-03' },
  },
  'license.expired': {
    event: 'license.expired',
    ...webhookCommon,
    change: { from: 'active', to: 'expired' },
    data: { expiry_date: '2026-11-20', days_until_expiry: -3 },
  },
  'license.expiry_approaching': {
    event: 'license.expiry_approaching',
    ...webhookCommon,
    change: { from: 'active', to: 'active' },
    data: { expiry_date: '2026-12-23', days_until_expiry: 30, alert_days_before_expiry: 60 },
  },
  'license.disciplinary_flag_added': {
    event: 'license.disciplinary_flag_added',
    ...webhookCommon,
    change: { from: 'active', to: 'active' },
    data: { disciplinary_flags: true, license_number: 'RN00973025' },
  },
  'license.oig_exclusion_added': {
    event: 'license.oig_exclusion_added',
    ...webhookCommon,
    change: { from: 'active', to: 'active' },
    data: { oig_excluded: true, match: 'npi', exclusion_type: '1128b4', exclusion_date: '2026-11-02', waiver_state: null, waiver_date: null },
  },
  'license.sanction_added': {
    event: 'license.sanction_added',
    ...webhookCommon,
    change: { from: 'active', to: 'active' },
    data: {
      list: 'sam_exclusions',
      basis: 'npi',
      name: 'HELEN J THOMAS',
      action: 'Reciprocal exclusion (HHS)',
      start_date: '2026-11-02',
      end_date: null,
    },
  },
  'license.sanction_removed': {
    event: 'license.sanction_removed',
    ...webhookCommon,
    change: { from: 'active', to: 'active' },
    data: { list: 'sam_exclusions', action: 'Reciprocal exclusion (HHS)', start_date: '2026-11-02' },
  },
} as const;

/** A test-mode `test-flapping` monitor after an on-demand check: suspended, one event queued. */
export const checkMonitorExample = {
  monitor: {
    ...monitorExample,
    provider: { name: 'Dana test-flapping', npi: null, state: 'Washington', current_status: 'suspended', expiry_date: '2027-11-22' },
    webhook_url: 'http://127.0.0.1:8080/hooks',
    mode: 'test',
  },
  events: [
    {
      event_id: webhookCommon.event_id,
      event: 'license.status_changed',
      monitor_id: monitorId,
      created_at: webhookCommon.occurred_at,
      payload: {
        ...webhookEventExamples['license.status_changed'],
        provider: { name: 'Dana test-flapping', npi: null, state: 'Washington' },
        data: { previous_status: 'active', status: 'suspended', verified: false, expiry_date: '2027-11-22' },
      },
      delivery: { state: 'pending', chain: 0, attempts: [] },
    },
  ],
};

export const eventPageExample = {
  data: [
    {
      event_id: webhookCommon.event_id,
      event: 'license.status_changed',
      monitor_id: monitorId,
      created_at: webhookCommon.occurred_at,
      payload: webhookEventExamples['license.status_changed'],
      delivery: {
        state: 'delivered',
        chain: 0,
        attempts: [
          { chain: 0, attempt: 0, at: '2026-11-23T06:00:04.530Z', ok: false, status: 503, error: 'http_status', duration_ms: 212 },
          { chain: 0, attempt: 1, at: '2026-11-23T06:05:04.611Z', ok: true, status: 200, error: null, duration_ms: 87 },
        ],
      },
    },
  ],
  has_more: false,
  next_cursor: null,
};

/** One event, as `GET /v1/events/{event_id}` answers it. */
export const eventExample = eventPageExample.data[0]!;

/** A test event's body (`monitor.test`). */
export const testEventExample = {
  event: 'monitor.test',
  event_id: 'evt_5pQm2VtXc8RwLy3NbKj7HdFs',
  monitor_id: monitorId,
  occurred_at: '2026-11-24T10:15:00.000Z',
  data: { test: true, message: 'A test event sent on request; no license changed.' },
};

/** An event after `POST /v1/events/{event_id}/redeliver`: its first chain failed, the second is pending. */
export const redeliveredEventExample = {
  ...eventPageExample.data[0]!,
  delivery: {
    state: 'pending',
    chain: 1,
    attempts: [
      { chain: 0, attempt: 0, at: '2026-11-23T06:00:04.530Z', ok: false, status: null, error: 'connection_failed', duration_ms: 3 },
      { chain: 0, attempt: 5, at: '2026-11-24T16:35:04.530Z', ok: false, status: 500, error: 'http_status', duration_ms: 41 },
    ],
  },
};

export const testWebhookResultExample = {
  event_id: testEventExample.event_id,
  event: 'monitor.test',
  monitor_id: monitorId,
  ok: true,
  status: 200,
  error: null,
  duration_ms: 48,
};

export const failedTestWebhookResultExample = { ...testWebhookResultExample, ok: false, status: 401, error: 'http_status', duration_ms: 12 };

export const secretRotationExample = {
  monitor_id: monitorId,
  rotated_at: '2026-11-24T10:20:00.000Z',
  previous_secret_expires_at: '2026-11-25T10:20:00.000Z',
};

export const deliveryPageExample = {
  data: [
    {
      delivery_id: `${webhookCommon.event_id}.2`,
      event_id: webhookCommon.event_id,
      event: 'license.status_changed',
      chain: 1,
      attempt: 0,
      at: '2026-11-24T16:40:00.120Z',
      ok: true,
      status: 200,
      error: null,
      duration_ms: 64,
    },
    {
      delivery_id: `${webhookCommon.event_id}.1`,
      event_id: webhookCommon.event_id,
      event: 'license.status_changed',
      chain: 0,
      attempt: 5,
      at: '2026-11-24T06:35:04.530Z',
      ok: false,
      status: 500,
      error: 'http_status',
      duration_ms: 41,
    },
  ],
  has_more: true,
  next_cursor: `${webhookCommon.event_id}.1`,
};
export const apiKeyExample = {
  key_id: 'key_3f9sK2mQ8xLp0aZr7TbNc1Yd',
  name: 'billing-service',
  hint: 'svc_live_…a1B2',
  mode: 'live',
  role: 'standard',
  state: 'active',
  created_at: '2026-11-02T14:05:11.204Z',
  last_used_at: '2026-11-24T09:41:00.000Z',
  expires_at: null,
  revoked_at: null,
  rolled_at: null,
  replaced_by: null,
  replaces: null,
};

export const apiKeyPageExample = {
  data: [
    apiKeyExample,
    {
      ...apiKeyExample,
      key_id: 'key_Lw0pQ7vN2mXc9RtB4kYs8ZaE',
      name: 'ops',
      hint: 'svc_live_…Zq7P',
      role: 'admin',
      created_at: '2026-10-01T08:00:00.000Z',
      last_used_at: '2026-11-20T17:02:00.000Z',
    },
  ],
  has_more: false,
  next_cursor: null,
};

export const createKeyRequestExample = { name: 'billing-service' };

export const createdApiKeyExample = { ...apiKeyExample, last_used_at: null, api_key: 'svc_live_4KqP0vX2mZ8sT1rB7nL3wY9cE5hJ6gD0fA2bC1B2' };

export const rollKeyRequestExample = { grace_period_hours: 24 };

export const rolledApiKeyExample = {
  ...createdApiKeyExample,
  key_id: 'key_8RbT2nVq5LmX0cZp3YwK7sAe',
  hint: 'svc_live_…Hn4R',
  created_at: '2026-11-24T10:00:00.000Z',
  replaces: apiKeyExample.key_id,
  api_key: 'svc_live_Tz7Qm1Xc9Vb3Nk5Lp2Rw8Ys0Ud4Ef6Gh1Ja3Hn4R',
};

/** The old key of a roll, in its grace period. */
export const expiringApiKeyExample = {
  ...apiKeyExample,
  state: 'expiring',
  expires_at: '2026-11-25T10:00:00.000Z',
  rolled_at: '2026-11-24T10:00:00.000Z',
  replaced_by: 'key_8RbT2nVq5LmX0cZp3YwK7sAe',
};

export const revokedApiKeyExample = { ...apiKeyExample, state: 'revoked', revoked_at: '2026-11-24T10:15:00.000Z' };
const historyExportId = 'exp_4mQx7RtBv2NcL8aZpW3sKd9E';

export const historyPageExample = {
  data: [
    {
      verification_id: helenResultId,
      created_at: verificationResultExample.checked_at,
      request: { first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '1662571706' },
      result: verificationResultExample,
    },
  ],
  has_more: true,
  next_cursor: helenResultId,
};

export const historyExportRequestExample = { created_from: '2026-10-01', created_to: '2026-11-01', verified: false };

export const pendingHistoryExportExample = {
  export_id: historyExportId,
  status: 'pending',
  created_at: '2026-11-24T10:00:00.000Z',
  snapshot_at: '2026-11-24T10:00:00.000Z',
  filters: historyExportRequestExample,
  row_count: null,
  progress: null,
  completed_at: null,
  download_url: null,
  download_expires_at: null,
  file_url: null,
  notify_monitor_id: null,
  expires_at: '2026-11-25T10:00:00.000Z',
};

/** An export being written: its first attempt, 48,000 rows so far. */
export const writingHistoryExportExample = {
  ...pendingHistoryExportExample,
  progress: { attempt: 1, rows_written: 48_000, started_at: '2026-11-24T10:00:31.020Z', updated_at: '2026-11-24T10:00:33.118Z' },
};

export const readyHistoryExportExample = {
  ...pendingHistoryExportExample,
  status: 'ready',
  row_count: 212,
  progress: { attempt: 1, rows_written: 212, started_at: '2026-11-24T10:00:31.020Z', updated_at: '2026-11-24T10:00:31.212Z' },
  completed_at: '2026-11-24T10:00:31.212Z',
  download_url: `https://license-verification-history-exports.s3.us-east-1.amazonaws.com/exports/${historyExportId}.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=900&X-Amz-Signature=…`,
  download_expires_at: '2026-11-24T10:16:10.000Z',
  file_url: `https://api.example.com/v1/verifications/exports/${historyExportId}/download`,
};

/** The export events sent to the monitor named by `notify_monitor_id` when the export ends. */
export const exportEventExamples = {
  'export.ready': {
    event: 'export.ready',
    event_id: 'evt_7HqT3mZc9LwR2xKb5NsV8dPf',
    monitor_id: monitorId,
    occurred_at: readyHistoryExportExample.completed_at,
    data: {
      export_id: historyExportId,
      status: 'ready',
      row_count: readyHistoryExportExample.row_count,
      export_url: `https://api.example.com/v1/verifications/exports/${historyExportId}`,
      file_url: readyHistoryExportExample.file_url,
      expires_at: readyHistoryExportExample.expires_at,
    },
  },
  'export.failed': {
    event: 'export.failed',
    event_id: 'evt_2WbN6sKq4TzM8cRv1XpL5hGj',
    monitor_id: monitorId,
    occurred_at: '2026-11-24T10:16:02.480Z',
    data: {
      export_id: historyExportId,
      status: 'failed',
      row_count: null,
      export_url: `https://api.example.com/v1/verifications/exports/${historyExportId}`,
      file_url: null,
      expires_at: readyHistoryExportExample.expires_at,
    },
  },
};

export const evidenceBundleExample = {
  object: 'evidence_bundle',
  verification_id: helenResultId,
  mode: 'live',
  certificate_hash: helenHash,
  items: [
    {
      source: 'Washington State Department of Health',
      kind: 'response',
      sha256: '3b1f0a5e9c27d84e6f1a0b2c3d4e5f60718293a4b5c6d7e8f90112233445566a',
      fetched_at: '2026-11-22T02:16:02.512Z',
      content_type: 'application/json;charset=utf-8',
      size: 38,
      content_base64: 'W3sibGljZW5zZV9udW1iZXIiOiJSTjAwOTczMDI1In1d',
      download_url: 'https://evidence.s3.amazonaws.com/responses/2026/3b1f0a5e9c27d84e6f1a0b2c3d4e5f60718293a4b5c6d7e8f90112233445566a.gz?X-Amz-Expires=900',
      download_expires_at: '2026-11-22T02:31:02.709Z',
    },
    {
      source: 'OIG LEIE',
      kind: 'file',
      sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      fetched_at: '2026-11-20T06:00:11.204Z',
      content_type: 'text/csv',
      size: 15_210_344,
      content_base64: null,
      download_url: null,
      download_expires_at: null,
    },
  ],
};
