/**
 * The Kansas Board of Healing Arts connector over the board's real pages (test/fixtures/real/ks_bha):
 * the results pages and profiles read by the HTML lookup, every value it maps checked, served by a
 * local server as the board serves them, and the lookup's bounds (a second page, too many candidates, a
 * page that is not a results page) failing as the board being unavailable, never as "no license".
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { givenNameForms } from '#shared/domain/names/given-name-forms.ts';
import { licensesFromRows } from '#shared/features/sources/boards/board-search.ts';
import { BoardSearch } from '#shared/features/sources/boards/board-search.ts';
import { lastCommaFirstParts, profileRecord, resultRecords } from '#shared/features/sources/boards/html-lookup.ts';
import { readProfilePage, readResultsPage } from '#shared/features/sources/boards/html-pages.ts';
import { kansas, kansasLookup } from '#shared/features/sources/boards/states/kansas.ts';
import { SourceError } from '#shared/features/sources/errors.ts';
import type { SodaClient } from '#shared/features/sources/soda/soda-client.ts';

const dir = join(import.meta.dirname, '../fixtures/real/ks_bha');
const page = (path: string) => readFileSync(join(dir, path), 'utf8');
const dataset = kansas.datasets[0]!;
const pageUrl = 'https://www.kansas.gov/ssrv-ksbhada/search.html';
const results = (folder: string) => resultRecords(kansas, kansasLookup, readResultsPage(page(`${folder}/search_results.html`), pageUrl));

describe('Kansas results pages (real)', () => {
  it('reads the table of five under its real headers, names split, profile links kept', () => {
    const { records, profileLinks } = results('burroughs');
    expect(records.map((r) => [r.last_name, r.first_name, r.middle_name, r.profession, r.license_number, r.location, r.status])).toEqual([
      ['BURROUGHS', 'JO', 'ELLEN R', 'OCCUPATIONAL THERAPY ASSISTANT (OTA)', '18-00238', 'SHAWNEE, KS', 'CURRENT'],
      ['BURROUGHS', 'JO', 'ELLEN R', 'OCCUPATIONAL THERAPY ASSIST TE', 'T-96216-73', 'OVERLAND PARK, KS', 'PREVIOUS'],
      ['BURROUGHS', 'JOHN', 'A', 'MEDICAL DOCTOR (MD)', '04-28749', 'LIBERTY, MO', 'PREVIOUS'],
      ['BURROUGHS', 'NATHAN', 'D', 'MEDICAL DOCTOR (MD)', '04-15409', 'KANSAS CITY, MO', 'PREVIOUS'],
      ['BURROUGHS', 'RHONDA', 'J', 'RADIOLOGIC TECHNOLOGIST (LRT)', '22-05451', 'COFFEYVILLE, KS', 'CURRENT'],
    ]);
    expect(profileLinks[4]).toBe('https://www.kansas.gov/ssrv-ksbhada/details.html?id=720371978');
  });

  it('maps every real results status (none active but CURRENT) and classifies every wording on the pages', () => {
    const all = ['burroughs', 'seidl', 'biby', 'gliesman'].flatMap((f) => results(f).records);
    const statuses = new Set(all.map((r) => String(r.status)));
    expect(statuses).toEqual(new Set(['CURRENT', 'PREVIOUS']));
    expect(dataset.statuses).toMatchObject({ CURRENT: 'active', PREVIOUS: 'inactive', DENIED: 'inactive' });
    for (const record of all) expect(dataset.classify(record).kind, String(record.profession)).toBe('profession');
    expect(dataset.classify({ profession: 'POSTGRADUATE MD/DO' })).toEqual({ kind: 'profession', profession: 'physician' });
    expect(dataset.classify({ profession: 'OCCUPATIONAL THERAPY ASSIST TE' })).toEqual({ kind: 'profession', profession: 'occupational_therapy_assistant' });
    expect(dataset.classify({ profession: 'RESPIRATORY THERAPY STUDENT PE' })).toEqual({ kind: 'unclassified' });
    // A wording never seen is an unclassified license, counted as unreadable.
    expect(dataset.classify({ profession: 'NATUROPATHIC DOCTOR (ND)' })).toEqual({ kind: 'unclassified', unknown: true });
  });

  it('the first page of 95 (1-25): its 25 rows, the DENIED one among them, and the count the further pages must continue', () => {
    expect(page('denied/search_results.html')).toContain('<td>DENIED</td>');
    const first = results('denied');
    expect(first.count).toEqual({ first: 1, last: 25, total: 95 });
    expect(first.records).toHaveLength(25);
    expect(first.records.filter((r) => r.status === 'DENIED')).toHaveLength(1);
    // The links to the further pages it prints are the ones the lookup follows.
    for (const n of [2, 3, 4]) expect(page('denied/search_results.html')).toContain(`href="${kansasLookup.results.pages!.link(n)}"`);
    // A page that lists other than the rows it counts is a changed format.
    const short = page('denied/search_results.html').replace('1-25 of 95', '1-24 of 95');
    expect(() => resultRecords(kansas, kansasLookup, readResultsPage(short, pageUrl))).toThrow(expect.objectContaining({ failure: 'malformed' }));
  });

  it('"No Licensees found" is an answer of no rows; a page without a count statement is a changed format', () => {
    expect(results('none').records).toEqual([]);
    const changed = page('biby/search_results.html').replace('Number of Licensees found', 'Licensees');
    expect(() => resultRecords(kansas, kansasLookup, readResultsPage(changed, pageUrl))).toThrow(expect.objectContaining({ failure: 'malformed' }));
    const renamed = page('biby/search_results.html').replace('>License #<', '>License No.<');
    expect(() => resultRecords(kansas, kansasLookup, readResultsPage(renamed, pageUrl))).toThrow(expect.objectContaining({ failure: 'malformed' }));
  });

  it('splits LAST, FIRST M as the results write it', () => {
    expect(lastCommaFirstParts('BARNETT, ALLISON ')).toEqual({ last: 'BARNETT', first: 'ALLISON', middle: '' });
    expect(lastCommaFirstParts('DRURY, SCOTT CHRISTOPHER')).toEqual({ last: 'DRURY', first: 'SCOTT', middle: 'CHRISTOPHER' });
  });
});

describe('Kansas profiles (real)', () => {
  it('reads the labels of the license box, not those of Other KSBHA Licenses, and the KSBHA Actions section', () => {
    const profile = readProfilePage(page('gliesman/details.html'));
    expect(profileRecord(kansasLookup, profile)).toEqual({
      profile_license_number: '17-00647',
      profile_profession: 'Occupational Therapist (OT)',
      year_of_birth: '1966',
      license_type: 'Active',
      license_status: 'Current',
      expiration_date: '03/31/2027',
      original_license_date: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      ksbha_actions: 'None Reported',
    });
    expect(profile.sections.get('Other KSBHA Licenses')).toContain('T-H4611-0');
    expect(profile.labels.get('Phone')).toBe('');
  });

  it('a physician assistant lapses on its License Cancellation Date', () => {
    expect(profileRecord(kansasLookup, readProfilePage(page('biby/details.html'))).expiration_date).toBe('01/31/2027');
  });

  it('a profile spelling never seen makes the status unreadable, never active; an action on record is discipline', () => {
    const [row] = results('biby').records;
    const profile = profileRecord(kansasLookup, readProfilePage(page('biby/details.html')));
    const [current] = licensesFromRows(kansas, dataset, [{ ...profile, ...row }]);
    expect(current).toMatchObject({ status: 'active', statusRecognised: true, disciplinary: false });
    const [cancelled] = licensesFromRows(kansas, dataset, [{ ...profile, license_status: 'Cancelled', ...row }]);
    expect(cancelled).toMatchObject({ statusRecognised: false, unrecognisedStatus: 'Cancelled' });
    const [exempt] = licensesFromRows(kansas, dataset, [{ ...profile, license_type: 'Exempt', ...row }]);
    expect(exempt).toMatchObject({ statusRecognised: false, unrecognisedStatus: 'Exempt' });
    // A PREVIOUS row is no current license, whatever spelling its profile has (none was seen).
    const [previous] = licensesFromRows(kansas, dataset, [{ ...profile, ...row, license_status: 'Cancelled', status: 'PREVIOUS' }]);
    expect(previous).toMatchObject({ status: 'inactive', statusRecognised: true, rawStatus: 'PREVIOUS' });
    const [unknown] = licensesFromRows(kansas, dataset, [{ ...profile, ...row, status: 'PROBATION' }]);
    expect(unknown).toMatchObject({ statusRecognised: false, rawStatus: 'PROBATION' });
    expect(unknown!.status).not.toBe('active');
    const [actions] = licensesFromRows(kansas, dataset, [{ ...profile, ksbha_actions: 'Public Censure 03/14/2025', ...row }]);
    expect(actions!.disciplinary).toBe(true);
  });
});

describe('Kansas lookup served as the board serves it', () => {
  let server: Server;
  const requests: string[] = [];
  /** The fixture answering a surname; any other surname finds no one. */
  const bySurname: Record<string, string> = { BIBY: 'biby', GLIESMAN: 'gliesman', BURROUGHS: 'burroughs', SEIDL: 'seidl', STEPHENS: 'denied' };
  const profiles: Record<string, string> = {
    '720352425': 'biby/details.html',
    '720359263': 'gliesman/details.html',
    '720371978': 'burroughs/details-rhonda.html',
  };
  let sessions = false;
  let searchPage: (surname: string) => string = (surname) => page(`${bySurname[surname] ?? 'none'}/search_results.html`);
  let profilePage: (id: string) => string | undefined = (id) => (profiles[id] ? page(profiles[id]!) : undefined);
  /** The page `n` of the session's search (`?navigate=n`), where the test serves further pages. */
  let furtherPage: ((n: number, cookie: string | undefined) => string) | undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        requests.push(`${req.method} ${url.pathname}${url.search}${sessions && req.headers.cookie ? ` [${req.headers.cookie}]` : ''}`);
        res.setHeader('content-type', 'text/html;charset=UTF-8');
        if (req.method === 'POST' && url.pathname === '/ssrv-ksbhada/search.html') {
          const surname = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('lastName') ?? '';
          if (sessions) {
            // A session's search answers with a redirect to its results, as a stateful form does.
            res.writeHead(302, { location: `/ssrv-ksbhada/results.html?last=${surname}`, 'set-cookie': 'JSESSIONID=s1; Path=/ssrv-ksbhada; HttpOnly' });
            res.end();
          } else res.end(searchPage(surname));
        } else if (req.method === 'GET' && url.pathname === '/ssrv-ksbhada/search.html' && url.searchParams.has('navigate') && furtherPage) {
          res.end(furtherPage(Number(url.searchParams.get('navigate')), req.headers.cookie));
        } else if (req.method === 'GET' && url.pathname === '/ssrv-ksbhada/results.html' && req.headers.cookie === 'JSESSIONID=s1') {
          res.end(searchPage(url.searchParams.get('last') ?? ''));
        } else if (url.pathname === '/ssrv-ksbhada/details.html' && profilePage(url.searchParams.get('id') ?? '') !== undefined) {
          res.end(profilePage(url.searchParams.get('id') ?? ''));
        } else {
          res.statusCode = 404;
          res.end('<html><body>Not Found</body></html>');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    vi.stubEnv('KS_BHA_BASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    vi.stubEnv('SOURCE_ALLOW_LOOPBACK', 'true');
    requests.length = 0;
    sessions = false;
    searchPage = (surname) => page(`${bySurname[surname] ?? 'none'}/search_results.html`);
    profilePage = (id) => (profiles[id] ? page(profiles[id]!) : undefined);
    furtherPage = undefined;
  });

  const search = (last: string, first: string) => new BoardSearch({} as SodaClient).search(kansas, { surnames: [last], givenNames: givenNameForms(first) });

  it('a current physician assistant: every mapped value, read from the results row and the profile', async () => {
    const answer = await search('BIBY', 'Brittyn');
    expect(requests).toEqual(['POST /ssrv-ksbhada/search.html', 'GET /ssrv-ksbhada/details.html?id=720352425']);
    expect(answer.licenses).toEqual([
      {
        state: 'KS',
        source: 'Kansas State Board of Healing Arts',
        datasetId: 'ks_bha',
        licenseNumber: '15-03128',
        firstName: 'BRITTYN',
        middleName: 'A',
        lastName: 'BIBY',
        suffix: '',
        name: 'Brittyn A Biby',
        licenseType: 'PHYSICIAN ASSISTANT (PA)',
        classification: { kind: 'profession', profession: 'physician_assistant' },
        profession: 'physician_assistant',
        status: 'active',
        rawStatus: 'CURRENT',
        statusRecognised: true,
        expiryDate: '2027-01-31',
        issueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        disciplinary: false,
        birthYear: 2001,
        rowCount: 1,
      },
    ]);
  });

  it("a search answered by a redirect to its session's results is followed as a GET, the session's cookie sent on to the profile", async () => {
    sessions = true;
    const answer = await search('BIBY', 'Brittyn');
    expect(requests).toEqual([
      'POST /ssrv-ksbhada/search.html',
      'GET /ssrv-ksbhada/results.html?last=BIBY [JSESSIONID=s1]',
      'GET /ssrv-ksbhada/details.html?id=720352425 [JSESSIONID=s1]',
    ]);
    expect(answer.licenses.map((l) => l.licenseNumber)).toEqual(['15-03128']);
  });

  it('reads only the profile of the row whose given name can match (Rhonda among five Burroughs)', async () => {
    const answer = await search('BURROUGHS', 'Rhonda');
    expect(requests).toEqual(['POST /ssrv-ksbhada/search.html', 'GET /ssrv-ksbhada/details.html?id=720371978']);
    expect(answer.licenses).toEqual([
      expect.objectContaining({
        licenseNumber: '22-05451',
        profession: 'radiographer',
        status: 'active',
        expiryDate: '2026-09-30',
        issueDate: '2017-06-30',
        birthYear: 1982,
        disciplinary: false,
      }),
    ]);
  });

  it('a longer surname the board also finds (SEIDLIN for SEIDL) is no candidate: no profile read, no license', async () => {
    const answer = await search('SEIDL', 'Jonathan');
    expect(requests).toEqual(['POST /ssrv-ksbhada/search.html']);
    expect(answer.licenses).toEqual([]);
  });

  it('no licensee found: an answer without licenses', async () => {
    expect((await search('ABSENTNAME', 'Ann')).licenses).toEqual([]);
  });

  it('reads the further pages in the search session (its cookie), each continuing the count, and the candidates on them', async () => {
    // The real first page of STEPHENS, as if the search had found 50: a second page continues it.
    const firstOf50 = page('denied/search_results.html').replace('1-25 of 95', '1-25 of 50');
    searchPage = () => firstOf50;
    sessions = true;
    const pagesSeen: (string | undefined)[] = [];
    furtherPage = (n, cookie) => {
      pagesSeen.push(`${n} ${cookie}`);
      // Page 2: 25 more licensees, one of them Zelda Stephens (her profile not served: the board then fails).
      return firstOf50.replace('1-25 of 50', '26-50 of 50').replace('>STEPHENS, CORBIN C<', '>STEPHENS, ZELDA Q<');
    };
    // No given name found on either page: both pages read, no profile.
    expect((await search('STEPHENS', 'Wilhelmina')).licenses).toEqual([]);
    expect(requests.filter((r) => r.includes('navigate'))).toEqual(['GET /ssrv-ksbhada/search.html?navigate=2 [JSESSIONID=s1]']);
    expect(pagesSeen).toEqual(['2 JSESSIONID=s1']);
    // A given name only the second page holds is a candidate: its profile is asked for.
    requests.length = 0;
    await expect(search('STEPHENS', 'Zelda')).rejects.toBeInstanceOf(SourceError);
    expect(requests.some((r) => r.startsWith('GET /ssrv-ksbhada/details.html'))).toBe(true);
    // A further page that does not continue the count is a changed format.
    furtherPage = () => firstOf50;
    await expect(search('STEPHENS', 'Wilhelmina')).rejects.toMatchObject({ failure: 'malformed' });
  });

  it('more pages than it reads (95 is four pages: a fifth), or more candidates than the profiles it may read, is no answer', async () => {
    searchPage = () => page('denied/search_results.html').replace('1-25 of 95', '1-25 of 101');
    await expect(search('STEPHENS', 'Andrea')).rejects.toMatchObject({ failure: 'too_many_rows' });
    expect(requests.filter((r) => r.includes('navigate'))).toEqual([]);
    const few = { ...kansas, lookup: { ...kansasLookup, maxProfiles: 2 } };
    await expect(new BoardSearch({} as SodaClient).search(few, { surnames: ['BURROUGHS'], givenNames: givenNameForms('John') })).rejects.toMatchObject({
      failure: 'too_many_rows',
    });
    expect(requests.filter((r) => r.includes('details'))).toEqual([]);
  });

  it('an answer that is not the results page (an error page, a page with other columns) makes the board unavailable', async () => {
    searchPage = () => '<html><body><h2>We are sorry, the service is unavailable.</h2></body></html>';
    const error = await search('BIBY', 'Brittyn').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ failure: 'malformed', reason: { code: 'format_changed' } });
  });

  it("a profile that is not the row's license is refused", async () => {
    profilePage = () => page('gliesman/details.html');
    await expect(search('BIBY', 'Brittyn')).rejects.toMatchObject({ failure: 'malformed' });
  });

  it('a profile without a section every profile carries (KSBHA Actions) is a changed format, naming it', async () => {
    const original = page('biby/details.html');
    const renamed = original.replace(/<h3><acronym[^>]*>KSBHA<\/acronym> Actions<\/h3>/, '<h3>Board Orders</h3>');
    expect(renamed).not.toBe(original);
    profilePage = () => renamed;
    await expect(search('BIBY', 'Brittyn')).rejects.toMatchObject({ failure: 'malformed', reason: { code: 'format_changed', raw_value: 'ksbha_actions' } });
  });
});
