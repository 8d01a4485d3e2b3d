/**
 * Injected failures, read from `faults.json` in the data directory:
 *
 *   {"nppes": {"mode": "timeout"}, "qxh8-f4bd": {"mode": "error", "latency_ms": 200}, "leie": {"latency_ms": 500}}
 *
 * Keys are "nppes", "leie", "sam" (the SAM.gov listing, download and file store), "il_hfs", "tx_hhsc",
 * "ca_medi_cal", "wa_hca", "co_hcpf", "ny_omig" (the state Medicaid lists' pages and files: malformed
 * cuts the file off; WA's and CO's landing pages lose their link to it),
 * "nppes_deactivated" (the NPPES downloads page and the Deactivated NPI Report's ZIPs), a roster id
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
 */

export const faultModes = ['down', 'timeout', 'error', 'malformed'] as const;
export type FaultMode = (typeof faultModes)[number];

export interface Fault {
  readonly mode?: FaultMode;
  readonly latencyMs?: number;
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
    const { mode, latency_ms: latency, ...rest } = entry as Record<string, unknown>;
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
