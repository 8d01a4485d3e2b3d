/**
 * Delaware DPR: licenses (pjnv-eaih) and disciplinary actions (dz6p-akeq).
 *  - `disciplinary_action` is 'N' on every license row, even suspended or revoked ones; actions are
 *    only in dz6p-akeq, joined by license number (`license_id_l`).
 *  - Firms have the whole name in `last_name` and no `first_name`; `combined_name` is "LAST,FIRST"
 *    (for a firm, the name followed by the comma).
 *  - No middle-name or suffix column.
 *  - Dates: the notes give no format; floating timestamps ("2027-06-30T00:00:00.000") are used, as
 *    for the other Socrata date columns. `country` is written "USA" (chosen).
 */
import { floatingTimestamp } from './dates.ts';
import type { License } from './model.ts';
import { isPerson } from './model.ts';
import { type SodaRow, sodaRow } from './soda-json.ts';

const ts = (day: number | null): string | null => (day === null ? null : floatingTimestamp(day));

export function deLicenseRow(license: License): SodaRow {
  const holder = license.holder;
  const person = isPerson(holder);
  const name = license.nameOnRecord;
  const last = person ? name.last : holder.name;
  const first = person ? name.first : '';
  const a = license.address;
  return sodaRow([
    ['last_name', last],
    ['first_name', first],
    ['combined_name', `${last},${first}`],
    ['license_no', license.number],
    ['profession_id', license.kind.group],
    ['license_type', license.kind.type],
    ['city', a.city],
    ['state', a.state],
    ['zip_code', a.zip],
    ['country', 'USA'],
    ['issue_date', ts(license.firstIssue)],
    ['expiration_date', ts(license.expiration)],
    ['disciplinary_action', 'N'],
    ['license_status', license.status.text],
  ]);
}

function itemText(action: string, reason: string, end: number | null): string {
  const why = reason.charAt(0) + reason.slice(1).toLowerCase();
  return end === null ? `${action}. ${why}.` : `${action}. ${why}. Terms completed ${floatingTimestamp(end).slice(0, 10)}.`;
}

export function deDisciplineRows(license: License): SodaRow[] {
  const name = license.nameOnRecord;
  return license.cases.map((c) =>
    sodaRow([
      ['license_id_l', license.number],
      ['last_name', name.last],
      ['first_name', name.first],
      ['license_type', license.kind.type],
      ['disp_start', floatingTimestamp(c.start)],
      ['item_text', itemText(c.action, c.reason, c.end)],
    ]),
  );
}
