/** The request body and the answer of the simulator's form and search handlers (the board lookups, the TX HHSC portal). */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The whole request body as UTF-8 text. */
export function readBodyText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Answers `body` (UTF-8) with its length. */
export function sendText(res: ServerResponse, status: number, contentType: string, body: string): void {
  const bytes = Buffer.from(body, 'utf8');
  res.writeHead(status, { 'content-type': contentType, 'content-length': String(bytes.length) });
  res.end(bytes);
}
