/**
 * Turns an API Gateway payload-2.0 body into a JSON object, refusing anything else with the right error:
 * 413 over the size limit, 415 without `application/json`, 400 for invalid UTF-8, JSON nested deeper
 * than `maxJsonDepth`, invalid JSON, or JSON that is not an object.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ApiError, invalidParam } from './errors.ts';

/** Largest accepted request body. A bulk request of 100 providers is far below it. */
export const maxBodyBytes = 256 * 1024;

/**
 * Deepest nesting of objects and arrays accepted in a request body (the body object itself is depth 1;
 * a bulk request's provider is depth 3). Anything walking a parsed body recursively (validation, the
 * canonical JSON of an Idempotency-Key fingerprint) can then never run out of stack.
 */
export const maxJsonDepth = 32;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether JSON text nests objects and arrays deeper than `limit`, found by one pass over the text that
 * counts brackets outside strings: cheap, and done before anything parses or walks the value. Exact for
 * any text JSON.parse accepts; on other text the answer does not matter, as the parser refuses it.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* backslash: skip the escaped character */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

export function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  return mediaType === 'application/json';
}

export function rawBody(event: APIGatewayProxyEventV2): Buffer {
  if (event.body === undefined || event.body === null) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

export function parseJsonObjectBody(event: APIGatewayProxyEventV2): Record<string, unknown> {
  const bytes = rawBody(event);
  if (bytes.length > maxBodyBytes) {
    throw new ApiError('request_too_large', `Request body is ${bytes.length} bytes; the limit is ${maxBodyBytes} bytes.`);
  }
  if (bytes.length === 0) throw invalidParam('body', 'A JSON object request body is required.');
  const contentType = event.headers?.['content-type'];
  if (!isJsonMediaType(contentType)) {
    throw new ApiError(
      'unsupported_media_type',
      `Request bodies must be JSON sent with "Content-Type: application/json"${contentType ? ` (got "${contentType.slice(0, 100)}")` : ''}.`,
    );
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw invalidParam('body', 'Request body is not valid UTF-8.');
  }
  if (nestsDeeperThan(text, maxJsonDepth)) {
    throw invalidParam('body', `Request body nests objects and arrays more than ${maxJsonDepth} levels deep.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalidParam('body', `Request body is not valid JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw invalidParam('body', 'Request body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}
