/**
 * Turns an API Gateway payload-2.0 body into a JSON object, refusing anything else with the right error:
 * 413 over the size limit, 415 without `application/json`, 400 for invalid UTF-8, invalid JSON, or JSON
 * that is not an object.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ApiError, invalidParam } from './errors.ts';

/** Largest accepted request body. A bulk request of 100 providers is far below it. */
export const maxBodyBytes = 256 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

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
