import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpResponse = APIGatewayProxyStructuredResultV2 & {
  statusCode: number;
  headers: Record<string, string>;
  /**
   * The body an Idempotency-Key replay answers with, when it must differ from this one: a created API
   * key is shown once, so its stored answer leaves the key out. Removed before the response is sent.
   */
  replayBody?: string;
};

export const jsonContentType = 'application/json; charset=utf-8';

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return {
    statusCode,
    headers: { 'content-type': jsonContentType, ...headers },
    body: JSON.stringify(body),
  };
}
