/**
 * The Kansas State Board of Healing Arts' Licensee & Registrant Profile Search on kansas.gov, as the
 * simulator serves it from `lookups/ks_bha/licensees.json` in the data directory (one record per license,
 * local/sample-data/ks-rows.ts), in the markup of the board's real pages (server-rendered, Blueprint CSS
 * grid classes, a tablesorter table):
 *
 *   GET  /ssrv-ksbhada/search.html          the search form (last name, first name)
 *   POST /ssrv-ksbhada/search.html          the results page: licensees whose surname starts with
 *                                           `lastName` (and whose given name starts with `firstName`, if
 *                                           given), sorted by name, 25 a page, "Number of Licensees found:
 *                                           1-25 of N" with `?navigate=` page links, or "No Licensees found"
 *   GET  /ssrv-ksbhada/search.html?navigate=<n>  page n of the session's last search (its cookie
 *                                           `JSESSIONID`, set by the POST); without one, the form
 *   GET  /ssrv-ksbhada/details.html?id=<n>  a licensee's profile
 *
 * The fault `malformed` (key `ks_bha`) renames the results table's "License #" header, a change of the
 * board's page the connector must refuse.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { ChangeAwareFile } from './change-aware-file.ts';
import { readBodyText, sendText } from './http-body.ts';

const searchPath = '/ssrv-ksbhada/search.html';
const detailsPath = '/ssrv-ksbhada/details.html';
const pageSize = 25;

interface Licensee {
  readonly id: number;
  readonly last: string;
  readonly first: string;
  readonly middle: string;
  readonly profession: string;
  readonly profileProfession: string;
  readonly number: string;
  readonly city: string;
  readonly status: string;
  readonly birthYear: number;
  readonly licenseType: string;
  readonly licenseStatus: string;
  readonly lapses: 'expiration' | 'cancellation';
  readonly lapseDate: string;
  readonly originalDate: string;
  readonly actions: readonly string[];
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const titleWord = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();

function layout(content: string): string {
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">
<html lang="en">
  <head>
    <meta http-equiv="Content-Type" content="text/html; charset=utf-8">
    <title>Kansas Board of Healing Arts - Licensee &amp; Registrant Profile Search</title>
    <link rel="stylesheet" href="https://media.ink.org/ksbha/da/1.0.1/style/screen.css" type="text/css" media="screen, projection">
  </head>
  <body>
    <div class="container" id="global-content">
      <div class="span-24 last">
        <div id="agency-header">
          <h1><span><acronym title="Kansas State Board of Healing Arts">KSBHA</acronym> Licensee &amp; Registrant Profile Search</span></h1>
          <ul id="agency-links">
            <li><a href="/ssrv-ksbhada/search.html" title="Return to the Home page of this Web site">Home</a></li>
            <li class="last"><a href="/ssrv-ksbhada/help.html" title="Helpful hints for the Licensee Profile Search Web site.">Help</a></li>
          </ul>
        </div>
        <div id="agency-content" class="box">
${content}
        </div>
      </div>
    </div>
  </body>
</html>
`;
}

const anotherSearch = (id: string) => `        <form action="" method="post">
          <div><button id="${id}" type="submit" class="button positive"><img src="/ssrv-ksbhada/img/icons/tick.png" alt="">Perform Another Search</button></div>
        </form>`;

function formPage(): string {
  return layout(`    <h2 class="alt">Search</h2>
    <form action="search.html" method="post">
      <p><label for="lastName">Last Name</label><br><input type="text" id="lastName" name="lastName" value=""></p>
      <p><label for="firstName">First Name</label><br><input type="text" id="firstName" name="firstName" value=""></p>
      <p><button type="submit" class="button positive">Search</button></p>
    </form>`);
}

function resultsPage(found: readonly Licensee[], page: number, malformed: boolean): string {
  const first = (page - 1) * pageSize;
  const shown = found.slice(first, first + pageSize);
  const pages = Math.ceil(found.length / pageSize);
  const count = found.length === 0 ? 'No Licensees found' : `Number of Licensees found: ${first + 1}-${first + shown.length} of ${found.length}`;
  const pagination =
    pages > 1
      ? `<div class="pagination">\n${Array.from({ length: pages }, (_, i) => (i + 1 === page ? `          <span class="current">${i + 1}</span>` : `          <a href="?navigate=${i + 1}"><span class="sr-only">Goto page </span>${i + 1}</a>`)).join('\n')}\n    </div>`
      : '&nbsp;';
  const header = (order: number, text: string, last = false) =>
    `  <th class="span-5${last ? ' last' : ''} header ">\n    <a href="?order=${order}">${text}</a>\n  </th>`;
  const table =
    shown.length === 0
      ? ''
      : `
      <table summary="This is the summary text for this table." border="0" cellspacing="1" cellpadding="2" class="tablesorter">
        <caption><em>Select a Licensee or Registrant's name for more details.</em></caption>
        <thead>
          <tr>
${header(1, 'Name')}
${header(2, 'Profession')}
${header(4, malformed ? 'License Number' : 'License #')}
${header(6, 'Location')}
${header(8, 'Status', true)}
          </tr>
        </thead>
        <tbody>
${shown
  .map(
    (l) => `            <tr>
              <td><a href="/ssrv-ksbhada/details.html?id=${l.id}">${escapeHtml(`${l.last}, ${l.first} ${l.middle}`.trimEnd())}</a></td>
              <td>    ${escapeHtml(l.profession.slice(0, 30))}
</td>
              <td>    ${escapeHtml(l.number)}
</td>
              <td>${escapeHtml(l.city)}</td>
              <td>${escapeHtml(l.status)}</td>
            </tr>`,
  )
  .join('\n')}
        </tbody>
      </table>

      <hr>`;
  return layout(`    <h2 class="alt">Search Results</h2>
    <div class="controls">
      <div class="span-8 ">
        <p class="number">
            ${count}
        </p>
      </div>
      <div class="span-7">    ${pagination}
</div>
      <div class="span-8 last">
${anotherSearch('id1_back')}
      </div>
    </div>
    <hr>
${table}`);
}

function profilePage(l: Licensee): string {
  const name = [titleWord(l.first), l.middle ? `${l.middle}.` : '', titleWord(l.last)].join(' ');
  const item = (label: string, value: string) => `          <li><strong>${label}:</strong> ${escapeHtml(value)}</li>`;
  const actions = l.actions.length === 0 ? '    <p>None Reported</p>' : l.actions.map((a) => `    <p>${escapeHtml(a)}</p>`).join('\n');
  return layout(`    <h2 class="alt span-7">Detailed Search Results</h2>

    <div class="infobox append-bottom">
      <h3>Profile for ${escapeHtml(name)}</h3>

      <div class="column span-6 colborder">
        <h4>Personal Information</h4>
        <p><strong>Profession:</strong>     ${escapeHtml(l.profileProfession)}
</p>
        <p>
          <strong>Address:</strong><br>
          ${escapeHtml(l.city)}
        </p>
        <p><strong>Year of Birth:</strong> ${l.birthYear}</p>
      </div>

      <div class="column span-8 colborder">
        <h4>License Information</h4>
        <ul>
          <li><strong>License Number:</strong>     ${escapeHtml(l.number)}
</li>
${item('License Type', l.licenseType)}
${item('License Status', l.licenseStatus)}
${item(l.lapses === 'cancellation' ? 'License Cancellation Date' : 'License Expiration Date', l.lapseDate)}
${item('Original License Date', l.originalDate)}
        </ul>
      </div>
      <hr>
    </div>

    <div class="infobox append-bottom">
      <h3>Other <acronym title="Kansas State Board of Healing Arts">KSBHA</acronym> Licenses</h3>
        <p>None Reported</p>
    </div>

    <div class="infobox append-bottom span-11">
      <h3><acronym title="Kansas State Board of Healing Arts">KSBHA</acronym> Actions</h3>
${actions}
    </div>

    <form action="" method="post">
      <p>
        <button id="id_new" type="submit" class="button positive"><img src="/ssrv-ksbhada/img/icons/tick.png" alt=""> Perform Another Search</button>
      </p>
    </form>
    <hr>
    <div class="number">License Profile last updated: October 31, 2026</div>`);
}

const send = (res: ServerResponse, status: number, body: string) => sendText(res, status, 'text/html;charset=UTF-8', body);

/** The session id a request's cookie names, if any. */
function sessionOf(req: IncomingMessage): string | undefined {
  return /(?:^|;\s*)JSESSIONID=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
}

export class KsBhaSearch {
  private readonly file: ChangeAwareFile<Licensee[]>;
  /** Each session's last search (its last and first name), as the board keeps it for `?navigate=`. */
  private readonly sessions = new Map<string, { readonly last: string; readonly first: string }>();
  private nextSession = 1;

  constructor(dataDir: string) {
    this.file = new ChangeAwareFile(join(dataDir, 'lookups', 'ks_bha', 'licensees.json'), (content) => JSON.parse(content.toString('utf8')) as Licensee[]);
  }

  static handles(pathname: string): boolean {
    return pathname === searchPath || pathname === detailsPath;
  }

  async serve(req: IncomingMessage, res: ServerResponse, url: URL, malformed: boolean): Promise<void> {
    const licensees = (await this.file.current())?.value ?? [];
    if (url.pathname === detailsPath) {
      const found = licensees.find((l) => String(l.id) === url.searchParams.get('id'));
      if (!found) send(res, 404, layout('    <h2 class="alt">Page Not Found</h2>'));
      else send(res, 200, profilePage(found));
      return;
    }
    const matching = (search: { readonly last: string; readonly first: string }) =>
      licensees
        .filter((l) => l.last.startsWith(search.last) && l.first.startsWith(search.first))
        .sort((a, b) => `${a.last}, ${a.first} ${a.middle}`.localeCompare(`${b.last}, ${b.first} ${b.middle}`) || a.number.localeCompare(b.number));
    if (req.method !== 'POST') {
      const search = this.sessions.get(sessionOf(req) ?? '');
      const page = Number(url.searchParams.get('navigate'));
      if (!search || !Number.isInteger(page) || page < 1) send(res, 200, formPage());
      else send(res, 200, resultsPage(matching(search), page, malformed));
      return;
    }
    const form = new URLSearchParams(await readBodyText(req));
    const search = { last: (form.get('lastName') ?? '').trim().toUpperCase(), first: (form.get('firstName') ?? '').trim().toUpperCase() };
    if (!search.last) {
      send(res, 200, formPage());
      return;
    }
    const session = sessionOf(req) ?? `ks${this.nextSession++}`;
    this.sessions.delete(session);
    this.sessions.set(session, search);
    // The oldest sessions expire, as the board's do.
    for (const old of this.sessions.keys()) {
      if (this.sessions.size <= 1000) break;
      this.sessions.delete(old);
    }
    res.setHeader('set-cookie', `JSESSIONID=${session}; Path=/ssrv-ksbhada; HttpOnly`);
    send(res, 200, resultsPage(matching(search), 1, malformed));
  }
}
