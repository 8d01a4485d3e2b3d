import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.stop());

describe('GET /v1/coverage', () => {
  it('lists every state with full names, sources, professions, refresh and format confidence', async () => {
    const { api_key } = await t.issue({ plan: 'developer', mode: 'test' });
    const res = await t.call('/v1/coverage', { key: api_key });
    expect(res.status).toBe(200);
    expect(res.body.federal_sources).toEqual(['NPPES NPI Registry', 'OIG LEIE']);
    // How well each list's format is known is its own field (checked against the committed real rows elsewhere).
    const lists = (res.body.sanctions_lists as { list: string; format_confidence: string }[]).map(({ format_confidence, ...list }) => {
      expect(['confirmed', 'observed', 'inferred']).toContain(format_confidence);
      return list;
    });
    expect(lists.slice(0, 4)).toEqual([
      { list: 'oig_leie', name: 'OIG LEIE', scope: 'federal', searched_by: 'name', updated: 'scheduled' },
      { list: 'sam', name: 'SAM.gov Exclusions', scope: 'federal', searched_by: 'name', updated: 'scheduled' },
      { list: 'cms_opt_out', name: 'CMS Medicare Opt-Out Affidavits', scope: 'federal', searched_by: 'name', updated: 'scheduled' },
      { list: 'cms_revoked', name: 'CMS Revoked Medicare Providers and Suppliers', scope: 'federal', searched_by: 'name', updated: 'scheduled' },
    ]);
    expect(lists.filter((l) => ['wa_hca', 'co_hcpf', 'ny_omig'].includes(l.list))).toEqual([
      {
        list: 'wa_hca',
        name: 'Washington HCA Provider Termination and Exclusion List',
        scope: 'state',
        state: 'WA',
        searched_by: 'name',
        updated: 'scheduled',
      },
      { list: 'co_hcpf', name: 'Colorado HCPF Terminated Provider List', scope: 'state', state: 'CO', searched_by: 'name', updated: 'scheduled' },
      { list: 'ny_omig', name: 'New York OMIG Medicaid Exclusion List', scope: 'state', state: 'NY', searched_by: 'name', updated: 'scheduled' },
    ]);
    // A state's list names its state; a federal one does not.
    for (const list of res.body.sanctions_lists as { scope: string; state?: string }[]) {
      expect(list.scope === 'state').toBe(list.state !== undefined);
    }
    expect(res.body.data.map((e: { state: string; name: string }) => [e.state, e.name])).toEqual([
      ['AK', 'Alaska'],
      ['AL', 'Alabama'],
      ['AR', 'Arkansas'],
      ['CA', 'California'],
      ['CO', 'Colorado'],
      ['CT', 'Connecticut'],
      ['DE', 'Delaware'],
      ['FL', 'Florida'],
      ['IL', 'Illinois'],
      ['KS', 'Kansas'],
      ['LA', 'Louisiana'],
      ['MA', 'Massachusetts'],
      ['MD', 'Maryland'],
      ['MO', 'Missouri'],
      ['NV', 'Nevada'],
      ['SD', 'South Dakota'],
      ['TX', 'Texas'],
      ['VT', 'Vermont'],
      ['WA', 'Washington'],
      ['WV', 'West Virginia'],
      ['WY', 'Wyoming'],
    ]);
    for (const entry of res.body.data as {
      format_confidence: string;
      refresh: string;
      format_notes: string;
      sources: unknown[];
      professions_covered: unknown[];
    }[]) {
      expect(entry.sources.length).toBeGreaterThan(0);
      expect(entry.professions_covered.length).toBeGreaterThan(0);
      expect(['confirmed', 'observed', 'inferred']).toContain(entry.format_confidence);
      expect(['daily', 'weekly', 'monthly', 'unknown']).toContain(entry.refresh);
      expect(entry.format_notes.length).toBeGreaterThan(0);
    }
    expect(res.body.data.find((e: { state: string }) => e.state === 'VT')).toMatchObject({
      sources: [
        {
          name: 'Vermont Board of Medical Practice',
          datasets: ['mxkz-bi85'],
          kind: 'open_data_query',
          updated: 'live',
          refresh: 'daily',
          current_only: false,
          format_confidence: 'inferred',
        },
      ],
      professions_covered: ['physician', 'physician_assistant', 'podiatrist'],
      refresh: 'daily',
      format_confidence: 'inferred',
    });
    // Kansas: the board's own web search, looked up live per verification.
    expect(res.body.data.find((e: { state: string }) => e.state === 'KS')).toMatchObject({
      sources: [
        {
          name: 'Kansas State Board of Healing Arts',
          datasets: ['ks_bha'],
          kind: 'board_lookup',
          updated: 'live',
          refresh: 'daily',
          current_only: false,
          absent_means: 'no license, current or past',
          format_confidence: 'observed',
        },
      ],
      professions_covered: expect.arrayContaining(['physician', 'physician_assistant', 'chiropractor', 'physical_therapist', 'radiographer']),
      uncovered_profession: 'rejected_before_lookup',
    });
    // Massachusetts: the bureau's JSON search API, looked up live per verification; its request second-hand.
    expect(res.body.data.find((e: { state: string }) => e.state === 'MA')).toMatchObject({
      sources: [
        {
          name: 'Massachusetts Bureau of Health Professions Licensure',
          datasets: ['ma_bhpl'],
          kind: 'board_lookup',
          updated: 'live',
          refresh: 'unknown',
          current_only: false,
          absent_means: 'no license, current or past',
          format_confidence: 'inferred',
        },
      ],
      professions_covered: ['counselor', 'marriage_family_therapist'],
      uncovered_profession: 'rejected_before_lookup',
    });
    expect(res.body.data.find((e: { state: string }) => e.state === 'CT')).toMatchObject({
      sources: [{ datasets: ['ngch-56tr'] }],
      refresh: 'daily',
      format_confidence: 'observed',
    });
    const tx = res.body.data.find((e: { state: string }) => e.state === 'TX');
    // BHEC's roster joins the Texas datasets: its professions are Texas's too.
    expect(tx.sources).toEqual([
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
    ]);
    expect(tx.professions_covered).toEqual(
      expect.arrayContaining(['physician', 'registered_nurse', 'psychologist', 'social_worker', 'counselor', 'marriage_family_therapist']),
    );
    expect(tx.uncovered_profession).toBe('rejected_before_lookup');
    expect(res.body.data.find((e: { state: string }) => e.state === 'MD')).toMatchObject({
      sources: [{ name: 'Maryland Board of Physicians', kind: 'roster_file', updated: 'scheduled', refresh: 'monthly', current_only: true }],
      professions_covered: expect.arrayContaining(['physician', 'physician_assistant']),
    });
    const fl = res.body.data.find((e: { state: string }) => e.state === 'FL');
    expect(fl).toMatchObject({
      sources: [{ name: 'Florida Department of Health MQA', datasets: ['fl_mqa'], kind: 'roster_file', updated: 'operator_upload', current_only: false }],
      format_confidence: 'observed',
      uncovered_profession: 'looked_up',
    });
    // The uncertainty of the file's profession coverage is said in the answer.
    expect(fl.format_notes).toMatch(/every Florida profession is not recorded/);
    expect(res.body.data.find((e: { state: string }) => e.state === 'AL')).toMatchObject({
      sources: [{ name: 'Alabama Board of Medical Examiners', kind: 'roster_file', updated: 'operator_upload', current_only: true }],
      professions_covered: ['physician', 'physician_assistant'],
    });
    expect(res.body.data.find((e: { state: string }) => e.state === 'WY')).toMatchObject({
      sources: [
        { name: 'Wyoming professional licensing boards (active and expired lists)', kind: 'roster_file', updated: 'operator_upload', current_only: false },
        { name: 'Wyoming Dental and Mental Health boards (active lists)', kind: 'roster_file', updated: 'operator_upload', current_only: true },
      ],
      professions_covered: [
        'podiatrist',
        'chiropractor',
        'psychologist',
        'social_worker',
        'counselor',
        'marriage_family_therapist',
        'behavior_analyst',
        'physical_therapist',
        'physical_therapist_assistant',
        'occupational_therapist',
        'occupational_therapy_assistant',
        'speech_language_pathologist',
        'audiologist',
        'respiratory_therapist',
        'dentist',
        'optometrist',
        'dietitian',
      ],
      format_confidence: 'confirmed',
      uncovered_profession: 'rejected_before_lookup',
    });
    // West Virginia: three workbooks found on the roster page, current full licenses only; no DOs, no discipline claimed.
    const wv = res.body.data.find((e: { state: string }) => e.state === 'WV');
    expect(wv).toMatchObject({
      sources: [
        {
          name: 'West Virginia Board of Medicine',
          datasets: ['medical-doctors.xlsx', 'physician-assistants.xlsx', 'podiatric-physicians.xlsx'],
          kind: 'roster_file',
          updated: 'scheduled',
          refresh: 'unknown',
          current_only: true,
          format_confidence: 'observed',
        },
      ],
      professions_covered: ['physician', 'physician_assistant', 'podiatrist'],
      uncovered_profession: 'rejected_before_lookup',
    });
    expect(wv.format_notes).toMatch(/absent provider has no current full license/);
    expect(wv.format_notes).toMatch(/no discipline flag is claimed/);
    expect(wv.format_notes).toMatch(/osteopathic physicians/);
    // Nevada: the pharmacy board's export of every pharmacist record, of every status, loaded by the operator.
    const nv = res.body.data.find((e: { state: string }) => e.state === 'NV');
    expect(nv).toMatchObject({
      sources: [
        {
          name: 'Nevada State Board of Pharmacy',
          datasets: ['nv_bop'],
          kind: 'roster_file',
          updated: 'operator_upload',
          refresh: 'daily',
          current_only: false,
          format_confidence: 'observed',
        },
      ],
      professions_covered: ['pharmacist'],
      uncovered_profession: 'rejected_before_lookup',
    });
    expect(nv.format_notes).toMatch(/absent from it never held a Nevada pharmacist license/);
    expect(nv.format_notes).toMatch(/applications .* not stored/);
    // South Dakota: the chiropractic and optometry lists, each from its board's host, active licensees only.
    const sd = res.body.data.find((e: { state: string }) => e.state === 'SD');
    expect(sd).toMatchObject({
      name: 'South Dakota',
      sources: [
        {
          name: 'South Dakota Board of Chiropractic Examiners and Board of Optometry',
          datasets: ['chiropractic.csv', 'optometry.csv'],
          kind: 'roster_file',
          updated: 'scheduled',
          refresh: 'daily',
          current_only: true,
          format_confidence: 'confirmed',
        },
      ],
      professions_covered: ['chiropractor', 'optometrist'],
      uncovered_profession: 'rejected_before_lookup',
    });
    expect(sd.format_notes).toMatch(/active licensees only, so an absent provider holds no active license of either board/);
    // Missouri: four boards' downloads loaded together by the operator, current licenses only, no discipline claimed.
    const mo = res.body.data.find((e: { state: string }) => e.state === 'MO');
    expect(mo).toMatchObject({
      sources: [
        {
          name: 'Missouri Division of Professional Registration',
          datasets: ['chiropractic.txt', 'dental.txt', 'optometry.txt', 'psychologists.txt'],
          kind: 'roster_file',
          updated: 'operator_upload',
          current_only: true,
          format_confidence: 'observed',
        },
      ],
      professions_covered: ['chiropractor', 'psychologist', 'dentist', 'dental_hygienist', 'dental_assistant', 'optometrist'],
      uncovered_profession: 'rejected_before_lookup',
    });
    expect(mo.format_notes).toMatch(/absent provider holds no current license in that profession/);
    expect(mo.format_notes).toMatch(/no discipline flag is claimed/);
    // Arkansas: the podiatry board's PDF, found by its link text, the status read from Valid Thru; not current-only.
    const ar = res.body.data.find((e: { state: string }) => e.state === 'AR');
    expect(ar).toMatchObject({
      name: 'Arkansas',
      sources: [
        {
          name: 'Arkansas State Board of Podiatric Medicine',
          datasets: ['LicenseVerification.pdf'],
          kind: 'roster_file',
          updated: 'scheduled',
          refresh: 'unknown',
          current_only: false,
          absent_means: 'no license on the list, which keeps current licenses and some lapsed ones, not every license ever issued',
          format_confidence: 'confirmed',
        },
      ],
      professions_covered: ['podiatrist'],
      uncovered_profession: 'rejected_before_lookup',
    });
    expect(ar.format_notes).toMatch(/active while its Valid Thru date is today or later, expired before/);
    expect(ar.format_notes).toMatch(/YES is read as discipline on record \(inferred, never seen\)/);
    expect(ar.format_notes).toMatch(/absent from it holds no Arkansas podiatric licence the board lists/);
    // Louisiana: the massage therapy board's PDF of active licensees, found by its link text; no discipline flag claimed.
    const la = res.body.data.find((e: { state: string }) => e.state === 'LA');
    expect(la).toMatchObject({
      name: 'Louisiana',
      sources: [
        {
          name: 'Louisiana Board of Massage Therapy',
          datasets: ['Active-LMT.pdf'],
          kind: 'roster_file',
          updated: 'scheduled',
          refresh: 'monthly',
          current_only: true,
          format_confidence: 'confirmed',
        },
      ],
      professions_covered: ['massage_therapist'],
      uncovered_profession: 'rejected_before_lookup',
    });
    expect(la.format_notes).toMatch(/header .* is printed on the first page only/);
    expect(la.format_notes).toMatch(/no discipline flag is claimed/);
    expect(la.format_notes).toMatch(
      /an absent provider holds no active Louisiana massage therapy licence the board lists \(not_found, never "never licensed"\)/,
    );
    // Alaska: the CBPL download of every program, its health programs read; current and suspended licenses listed.
    const ak = res.body.data.find((e: { state: string }) => e.state === 'AK');
    expect(ak).toMatchObject({
      name: 'Alaska',
      sources: [
        {
          name: 'Alaska Division of Corporations, Business and Professional Licensing',
          datasets: ['ak_cbpl'],
          kind: 'roster_file',
          updated: 'operator_upload',
          refresh: 'weekly',
          current_only: true,
          absent_means: 'no current license (the download lists current licenses and suspended ones, not lapsed or expired ones)',
          format_confidence: 'observed',
        },
      ],
      professions_covered: [
        'physician',
        'physician_assistant',
        'podiatrist',
        'registered_nurse',
        'practical_nurse',
        'dentist',
        'dental_hygienist',
        'pharmacist',
        'pharmacy_technician',
      ],
      uncovered_profession: 'rejected_before_lookup',
    });
    expect(ak.format_notes).toMatch(/the CSV framing \(quoting, line ends, BOM\) and the dates' time part are inferred/);
    expect(ak.format_notes).toMatch(/no discipline flag is claimed, beyond a suspension/);
    // California: the Board of Behavioral Sciences' monthly file, loaded by the operator; revoked and cancelled licenses left out.
    const ca = res.body.data.find((e: { state: string }) => e.state === 'CA');
    expect(ca).toMatchObject({
      name: 'California',
      sources: [
        {
          name: 'California Board of Behavioral Sciences',
          datasets: ['ca_bbs'],
          kind: 'roster_file',
          updated: 'operator_upload',
          refresh: 'monthly',
          current_only: false,
          absent_means:
            'no license or registration on the file, which keeps current, inactive and delinquent ones but leaves out revoked, cancelled and surrendered ones',
          format_confidence: 'observed',
        },
      ],
      professions_covered: ['social_worker', 'counselor', 'marriage_family_therapist'],
      uncovered_profession: 'rejected_before_lookup',
    });
    expect(ca.format_notes).toMatch(/Current \(active\), CurrentInactive \(inactive\) and Delinquent \(expired: not renewed\)/);
    expect(ca.format_notes).toMatch(/no discipline flag is claimed/);
    expect(ca.format_notes).toMatch(/holds no license on the file, never "never licensed"/);
    expect(res.body.data.find((e: { state: string }) => e.state === 'IL').uncovered_profession).toBe('looked_up');
    // A developer test key's own allowance, 120 a minute, less this request.
    expect(res.headers.get('x-ratelimit-minute-remaining')).toBe('119');
  });

  it('needs a key', async () => {
    const res = await t.call('/v1/coverage');
    expect(errorOf(res.body).code).toBe('authentication_failed');
  });
});
