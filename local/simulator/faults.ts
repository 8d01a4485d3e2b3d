/**
 * Injected failures, read from `faults.json` in the data directory:
 *
 *   {"nppes": {"mode": "timeout"}, "qxh8-f4bd": {"mode": "error", "latency_ms": 200}, "leie": {"latency_ms": 500}}
 *
 * Keys are "nppes", "leie", "sam" (the SAM.gov listing, download and file store), "il_hfs", "tx_hhsc",
 * "ca_medi_cal", "wa_hca", "co_hcpf", "ny_omig" (the state Medicaid lists' pages and files: malformed
 * cuts the file off; WA's and CO's landing pages lose their link to it),
 * "ks_bha" (the Kansas Board of Healing Arts' search and profile pages: malformed renames a results
 * column), "ma_bhpl" (the Massachusetts BHPL's search API: malformed puts the rows under another member), "nppes_deactivated" (the NPPES downloads page and the Deactivated NPI Report's ZIPs), a roster id
 * ("rosters" applies to every roster without its own entry: roster-files.ts), a SODA dataset id ("soda"
 * applies to every dataset without its own entry) or a data.cms.gov dataset uuid ("cms" applies to every
 * such dataset without its own entry).
 * - down:      the connection is reset without any response;
 * - timeout:   the request is accepted and never answered;
 * - error:     HTTP 500 in the source's own style;
 * - malformed: HTTP 200 with a body the source's parser must reject (SAM and the NPPES report: the ZIP
 *              cut off halfway, the NPPES downloads page served whole; data.cms.gov: the page's JSON cut
 *              off halfway);
 * - latency_ms (alone or with a mode): the answer, or the fault, comes after that delay.
 * - drift (SODA datasets): the answer's rows change format the way a publisher's change would:
 *     {"qxh8-f4bd": {"drift": {"rename": {"status": "credential_status"}}}}   a column renamed in every row;
 *     {"qxh8-f4bd": {"drift": {"set": {"status": "ACTIVE PENDING AUDIT"}}}}  a column given a new spelling;
 *     {"ngch-56tr": {"drift": {"drop_in_first_row": ["fullcredentialcode"]}}} one row without a column.
 */

export const faultModes = ['down', 'timeout', 'error', 'malformed'] as const;
export type FaultMode = (typeof faultModes)[number];

/** A change of format applied to the rows of an answer (SODA datasets). */
export interface Drift {
  readonly rename?: Readonly<Record<string, string>>;
  readonly set?: Readonly<Record<string, string>>;
  readonly dropInFirstRow?: readonly string[];
}

export interface Fault {
  readonly mode?: FaultMode;
  readonly latencyMs?: number;
  readonly drift?: Drift;
}

/** The rows of an answer after `drift`: columns renamed, values respelled, columns dropped from the first row. */
export function driftRows(rows: unknown, drift: Drift | undefined): unknown {
  if (!drift || !Array.isArray(rows)) return rows;
  return rows.map((row: Record<string, unknown>, index) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) out[drift.rename?.[key] ?? key] = value;
    for (const [key, value] of Object.entries(drift.set ?? {})) if (key in out) out[key] = value;
    if (index === 0) for (const key of drift.dropInFirstRow ?? []) delete out[key];
    return out;
  });
}

function stringRecord(value: unknown, where: string): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.values(value).some((v) => typeof v !== 'string')) {
    throw new Error(`faults.json: ${where} must be an object of strings`);
  }
  return value as Record<string, string>;
}

function parseDrift(value: unknown, source: string): Drift {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`faults.json: "${source}".drift must be an object`);
  const { rename, set, drop_in_first_row: drop, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw new Error(`faults.json: "${source}".drift has unknown keys ${Object.keys(rest).join(', ')}`);
  if (drop !== undefined && (!Array.isArray(drop) || drop.some((d) => typeof d !== 'string'))) {
    throw new Error(`faults.json: "${source}".drift.drop_in_first_row must be an array of column names`);
  }
  return {
    ...(rename !== undefined ? { rename: stringRecord(rename, `"${source}".drift.rename`) } : {}),
    ...(set !== undefined ? { set: stringRecord(set, `"${source}".drift.set`) } : {}),
    ...(drop !== undefined ? { dropInFirstRow: drop as string[] } : {}),
  };
}

export type FaultConfig = ReadonlyMap<string, Fault>;

export const noFaults: FaultConfig = new Map();

/** Parses faults.json; an empty file means no faults. Throws on anything that is not a valid config. */
export function parseFaults(content: Buffer): FaultConfig {
  const text = content.toString('utf8').trim();
  if (text === '') return noFaults;
  const json: unknown = JSON.parse(text);
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new Error('faults.json must hold a JSON object');
  const config = new Map<string, Fault>();
  for (const [source, entry] of Object.entries(json as Record<string, unknown>)) {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw new Error(`faults.json: "${source}" must be an object`);
    const { mode, latency_ms: latency, drift, ...rest } = entry as Record<string, unknown>;
    const unknownKeys = Object.keys(rest);
    if (unknownKeys.length > 0) throw new Error(`faults.json: "${source}" has unknown keys ${unknownKeys.join(', ')}`);
    if (mode !== undefined && !faultModes.includes(mode as FaultMode)) {
      throw new Error(`faults.json: "${source}".mode must be one of ${faultModes.join(', ')}`);
    }
    if (latency !== undefined && (typeof latency !== 'number' || !Number.isFinite(latency) || latency < 0)) {
      throw new Error(`faults.json: "${source}".latency_ms must be a non-negative number`);
    }
    config.set(source, {
      ...(mode !== undefined ? { mode: mode as FaultMode } : {}),
      ...(latency !== undefined ? { latencyMs: latency as number } : {}),
      ...(drift !== undefined ? { drift: parseDrift(drift, source) } : {}),
    });
  }
  return config;
}

/** The fault for a source key, falling back to a group key (e.g. "soda" for every dataset). */
export function faultFor(config: FaultConfig, key: string, groupKey?: string): Fault | undefined {
  return config.get(key) ?? (groupKey === undefined ? undefined : config.get(groupKey));
}

/**
 * A body cut off mid-transfer: the first half of a JSON document. No proper prefix of a JSON object or
 * array is valid JSON, so this always fails to parse.
 */
export function truncatedJson(document: string): string {
  return document.slice(0, Math.max(1, Math.floor(document.length / 2)));
}

/** An LEIE download that is not a valid LEIE file: an unterminated quote and rows of the wrong width. */
export const malformedLeieCsv = [
  'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE',
  '"SAMPLE","PERSON","","","IND- LIC HC SERV PRO","NURSE/NURSES AIDE","","0000000000","19700101","1 MAIN ST","SPRINGFIELD","IL","62701","1128b4","2023',
  '"TRUNCATED","ROW","","',
  '',
].join('\r\n');

/** The kind of page the NPI Registry's front end serves when the API fails. */
export const nppesErrorPage =
  '<!DOCTYPE html>\n<html><head><title>500 - Internal Server Error</title></head>\n' +
  '<body><h1>Internal Server Error</h1><p>The server encountered an internal error and was unable to complete your request.</p></body></html>\n';
