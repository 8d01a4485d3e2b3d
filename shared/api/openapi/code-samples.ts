/**
 * The code samples of every operation and webhook (`x-codeSamples`, Redocly's extension, which the
 * reference page renders too): `curl`, the TypeScript SDK (clients/typescript) and Python's standard
 * library. They are made from what the document already says: the method and path, the first example
 * of the request body, the operation's query example, an example id for each path parameter, and what
 * the operation answers (JSON, a PDF or a page). `$BASE` (or `BASE`) is the service's URL and `$KEY`
 * an API key.
 *
 * A webhook's samples are a receiver's: verifying a delivery with the SDK's `verifyWebhook` and with
 * Python's `hmac`, and a `curl` that sends a delivery signed as the service signs it, to test one.
 */
import {
  signatureHeader,
  standardIdHeader,
  standardSignatureHeader,
  standardTimestampHeader,
  standardToleranceSeconds,
} from '../../features/webhooks/webhook-signature.ts';
import { eventIdHeader } from '../../features/webhooks/deliver-webhook.ts';

export interface CodeSample {
  /** Redocly's language names. */
  readonly lang: 'Shell' | 'TypeScript' | 'Python';
  readonly label: 'curl' | 'TypeScript' | 'Python';
  readonly source: string;
}

/** What an operation's samples are made from. */
export interface OperationSampleInput {
  readonly operationId: string;
  readonly method: string;
  /** The path template, e.g. `/v1/certificate/{verification_id}`. */
  readonly path: string;
  /** Public operations need no key. */
  readonly public: boolean;
  /** An example value of each path parameter. */
  readonly pathParams: Readonly<Record<string, string>>;
  /** The JSON body sent, if any. */
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string | number | boolean>>;
  /** What the operation answers with; `csv`: a 302 to a presigned link to a CSV file. */
  readonly answer: 'json' | 'pdf' | 'html' | 'csv';
}

export const sdkImport = './clients/typescript/src/index.js';

/** `GetCertificatePdf` → `getCertificatePdf`: the SDK's method of an operation. */
export const sdkMethod = (operationId: string) => operationId.charAt(0).toLowerCase() + operationId.slice(1);

/** The path with each parameter replaced by its example value. */
export function concretePath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No example value for the path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
}

function queryString(query: OperationSampleInput['query']): string {
  const entries = Object.entries(query ?? {});
  return entries.length === 0 ? '' : `?${new URLSearchParams(Object.fromEntries(entries.map(([k, v]) => [k, String(v)]))).toString()}`;
}

/** A word in single quotes for a POSIX shell. */
export const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

const tsString = (text: string) => `'${JSON.stringify(text).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`;
const tsKey = (key: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : tsString(key));

/** A JSON value as a TypeScript or Python literal: on one line when short, else one member a line. */
export function literal(value: unknown, language: 'ts' | 'py', indent = ''): string {
  const flat = flatLiteral(value, language);
  if (value === null || typeof value !== 'object' || indent.length + flat.length <= 100) return flat;
  const inner = `${indent}    `.slice(0, indent.length + (language === 'ts' ? 2 : 4));
  const lines = Array.isArray(value)
    ? value.map((item) => `${inner}${literal(item, language, inner)},`)
    : Object.entries(value).map(([k, v]) => `${inner}${language === 'ts' ? tsKey(k) : JSON.stringify(k)}: ${literal(v, language, inner)},`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${lines.join('\n')}\n${indent}${close}`;
}

function flatLiteral(value: unknown, language: 'ts' | 'py'): string {
  if (value === null || value === undefined) return language === 'ts' ? 'null' : 'None';
  if (typeof value === 'boolean') return language === 'ts' ? String(value) : value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return language === 'ts' ? tsString(value) : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => flatLiteral(item, language)).join(', ')}]`;
  const members = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => `${language === 'ts' ? tsKey(k) : JSON.stringify(k)}: ${flatLiteral(v, language)}`,
  );
  if (members.length === 0) return '{}';
  return language === 'ts' ? `{ ${members.join(', ')} }` : `{${members.join(', ')}}`;
}

function curlSample(input: OperationSampleInput): string {
  const url = `"$BASE${concretePath(input.path, input.pathParams)}${queryString(input.query)}"`;
  const lines = [`curl -s -X ${input.method} ${url}`];
  if (!input.public) lines.push('-H "Authorization: Bearer $KEY"');
  if (input.body !== undefined) lines.push('-H "Content-Type: application/json"', `-d ${shellQuote(JSON.stringify(input.body))}`);
  if (input.answer === 'pdf') lines.push('-o certificate.pdf');
  // curl sends the Authorization header to the original host only, not to the link it is redirected to.
  if (input.answer === 'csv') lines.push('-L -o verifications.csv');
  return lines.join(' \\\n  ');
}

function typeScriptSample(input: OperationSampleInput): string {
  // The SDK's arguments: the path parameters, then the body, then the query.
  const values = [...(Object.keys(input.pathParams).length > 0 ? [input.pathParams] : []), ...[input.body, input.query].filter((v) => v !== undefined)];
  const flat = values.map((value) => literal(value, 'ts')).join(', ');
  const args = values.length > 1 && flat.length > 80 ? `\n${values.map((value) => `  ${literal(value, 'ts', '  ')},`).join('\n')}\n` : flat;
  const options = input.public ? '{ baseUrl: process.env.BASE! }' : '{ baseUrl: process.env.BASE!, apiKey: process.env.KEY }';
  const call = `client.${sdkMethod(input.operationId)}(${args})`;
  const use =
    input.answer === 'pdf'
      ? [`const pdf = await ${call};`, `await writeFile('certificate.pdf', pdf);`]
      : input.answer === 'csv'
        ? [`const csv = await ${call};`, `await writeFile('verifications.csv', csv);`]
        : [`const ${input.answer === 'html' ? 'html' : 'result'} = await ${call};`, `console.log(${input.answer === 'html' ? 'html' : 'result'});`];
  return [
    ...(input.answer === 'pdf' || input.answer === 'csv' ? ["import { writeFile } from 'node:fs/promises';"] : []),
    `import { LicenseVerificationClient } from '${sdkImport}';`,
    '',
    `const client = new LicenseVerificationClient(${options});`,
    ...use,
  ].join('\n');
}

function pythonSample(input: OperationSampleInput): string {
  const headers = [
    ...(input.public ? [] : ['"Authorization": "Bearer " + os.environ["KEY"]']),
    ...(input.body !== undefined ? ['"Content-Type": "application/json"'] : []),
  ];
  const request = [
    'request = urllib.request.Request(',
    `    os.environ["BASE"] + ${JSON.stringify(`${concretePath(input.path, input.pathParams)}${queryString(input.query)}`)},`,
    `    method="${input.method}",`,
    ...(headers.length > 0 ? [`    headers={${headers.join(', ')}},`] : []),
    ...(input.body !== undefined ? [`    data=json.dumps(${literal(input.body, 'py', '    ')}).encode(),`] : []),
    ')',
  ];
  const read =
    input.answer === 'csv'
      ? [
          '# The redirect is followed without the key: the link carries its own signature.',
          'class NoRedirect(urllib.request.HTTPRedirectHandler):',
          '    def redirect_request(self, *args):',
          '        return None',
          'try:',
          '    urllib.request.build_opener(NoRedirect).open(request)',
          'except urllib.error.HTTPError as found:',
          '    location = found.headers["Location"]',
          'with urllib.request.urlopen(location) as response, open("verifications.csv", "wb") as file:',
          '    file.write(response.read())',
        ]
      : input.answer === 'pdf'
        ? ['with urllib.request.urlopen(request) as response, open("certificate.pdf", "wb") as file:', '    file.write(response.read())']
        : input.answer === 'html'
          ? ['with urllib.request.urlopen(request) as response:', '    html = response.read().decode()', 'print(html)']
          : ['with urllib.request.urlopen(request) as response:', '    result = json.load(response)', 'print(result)'];
  const usesJson = input.body !== undefined || input.answer === 'json';
  return [
    ...(usesJson ? ['import json'] : []),
    'import os',
    ...(input.answer === 'csv' ? ['import urllib.error'] : []),
    'import urllib.request',
    '',
    ...request,
    ...read,
  ].join('\n');
}

/** The three samples of an operation. */
export function operationSamples(input: OperationSampleInput): CodeSample[] {
  return [
    { lang: 'Shell', label: 'curl', source: curlSample(input) },
    { lang: 'TypeScript', label: 'TypeScript', source: typeScriptSample(input) },
    { lang: 'Python', label: 'Python', source: pythonSample(input) },
  ];
}

/** The three samples of a webhook: a signed test delivery with curl, and a receiver in TypeScript and in Python. */
export function webhookSamples(kind: string, example: { readonly event_id: string }): CodeSample[] {
  const body = JSON.stringify(example);
  const curl = [
    `# Sends your receiver a ${kind} delivery signed as the service signs it.`,
    `BODY=${shellQuote(body)}`,
    `ID=${example.event_id}`,
    'TS=$(date +%s)',
    `SIG=$(printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" | sed 's/^.*= //')`,
    `STD=$(printf '%s' "$ID.$TS.$BODY" | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" -binary | base64)`,
    [
      'curl -s -X POST "$WEBHOOK_URL"',
      '-H "Content-Type: application/json"',
      `-H "${signatureHeader}: $SIG"`,
      `-H "${standardIdHeader}: $ID"`,
      `-H "${standardTimestampHeader}: $TS"`,
      `-H "${standardSignatureHeader}: v1,$STD"`,
      `-H "${eventIdHeader}: $ID"`,
      '--data-binary "$BODY"',
    ].join(' \\\n  '),
  ].join('\n');
  const detail =
    kind === 'monitor.test'
      ? 'event.data.message'
      : kind.startsWith('export.')
        ? 'event.data.export_id, event.data.status'
        : 'event.change.from, event.change.to';
  const typeScript = `import { createServer } from 'node:http';
import { verifyWebhook, WebhookVerificationError } from '${sdkImport}';

// Verifies both signatures and the timestamp of each delivery, then answers 200 at once.
createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    try {
      const event = verifyWebhook({ body: Buffer.concat(chunks), headers: req.headers, secret: process.env.WEBHOOK_SECRET! });
      if (event.event === '${kind}') console.log(event.event_id, ${detail});
      res.writeHead(200).end();
    } catch (error) {
      res.writeHead(error instanceof WebhookVerificationError ? 400 : 500).end();
    }
  });
}).listen(8080);`;
  const python = `import base64
import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = os.environ["WEBHOOK_SECRET"].encode()


def verified(headers, body):
    """Both signatures of a delivery, and its timestamp within ${standardToleranceSeconds / 60} minutes (no replays)."""
    service = hmac.new(SECRET, body, hashlib.sha256).hexdigest().encode()
    if not hmac.compare_digest(service, headers.get("${signatureHeader}", "").encode()):
        return False
    message_id, timestamp = headers.get("${standardIdHeader}", ""), headers.get("${standardTimestampHeader}", "")
    if not timestamp.isdigit() or abs(time.time() - int(timestamp)) > ${standardToleranceSeconds}:
        return False
    digest = hmac.new(SECRET, f"{message_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    expected = b"v1," + base64.b64encode(digest)
    return any(hmac.compare_digest(expected, entry.encode()) for entry in headers.get("${standardSignatureHeader}", "").split(" "))


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if not verified(self.headers, body):
            self.send_response(400)
            self.end_headers()
            return
        event = json.loads(body)
        if event["event"] == "${kind}":
            print(event["event_id"], event["${kind === 'monitor.test' || kind.startsWith('export.') ? 'data' : 'change'}"])
        self.send_response(200)
        self.end_headers()


HTTPServer(("", 8080), Receiver).serve_forever()`;
  return [
    { lang: 'Shell', label: 'curl', source: curl },
    { lang: 'TypeScript', label: 'TypeScript', source: typeScript },
    { lang: 'Python', label: 'Python', source: python },
  ];
}
