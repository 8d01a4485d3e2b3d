/**
 * The Massachusetts Bureau of Health Professions Licensure's public search API (the JSON service behind
 * "Check a Health License"), as the simulator serves it from `lookups/ma_bhpl/licenses.json` in the data
 * directory (one record per license, local/sample-data/ma-rows.ts):
 *
 *   POST /api-public/search   a JSON body `{licenseBoard, licenseMetaId, firstName, lastName, searchType}`
 *                             with `searchType` `BY_LICENSEE_NAME`: the rows of that board and type whose
 *                             last name contains `lastName` and first name contains `firstName` (case
 *                             ignored), at most 10,000 of them, as `{"results": {"data": [...],
 *                             "totalDataCount": N}}` (N every row found, above the rows sent when capped)
 *
 * A body that is not JSON, or a search of another kind, answers 400 with a JSON error. The fault
 * `malformed` (key `ma_bhpl`) answers the rows under another member (`results.content`), a change of the
 * answer's shape the connector must refuse.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { ChangeAwareFile } from './change-aware-file.ts';
import { readBodyText, sendText } from './http-body.ts';

const searchPath = '/api-public/search';
const cap = 10_000;

interface License {
  readonly licenseBoard: string;
  readonly licenseMetaId: number;
  readonly row: Readonly<Record<string, unknown>> & { readonly firstName: string; readonly lastName: string };
}

const send = (res: ServerResponse, status: number, body: unknown) => sendText(res, status, 'application/json', JSON.stringify(body));

export class MaBhplSearch {
  private readonly file: ChangeAwareFile<License[]>;

  constructor(dataDir: string) {
    this.file = new ChangeAwareFile(join(dataDir, 'lookups', 'ma_bhpl', 'licenses.json'), (content) => JSON.parse(content.toString('utf8')) as License[]);
  }

  static handles(pathname: string): boolean {
    return pathname === searchPath;
  }

  async serve(req: IncomingMessage, res: ServerResponse, malformed: boolean): Promise<void> {
    if (req.method !== 'POST') {
      send(res, 405, { status: 405, error: 'Method Not Allowed' });
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBodyText(req)) as Record<string, unknown>;
    } catch {
      send(res, 400, { status: 400, error: 'Bad Request' });
      return;
    }
    if (body.searchType !== 'BY_LICENSEE_NAME') {
      send(res, 400, { status: 400, error: 'Bad Request' });
      return;
    }
    const last = String(body.lastName ?? '')
      .trim()
      .toUpperCase();
    const first = String(body.firstName ?? '')
      .trim()
      .toUpperCase();
    const licenses = (await this.file.current())?.value ?? [];
    const found = licenses
      .filter(
        (l) =>
          l.licenseBoard === body.licenseBoard &&
          l.licenseMetaId === body.licenseMetaId &&
          l.row.lastName.toUpperCase().includes(last) &&
          l.row.firstName.toUpperCase().includes(first),
      )
      .map((l) => l.row);
    const data = found.slice(0, cap);
    send(res, 200, { results: malformed ? { content: data, totalDataCount: found.length } : { data, totalDataCount: found.length } });
  }
}
