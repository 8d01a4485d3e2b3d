/** The error the request pipeline renders: thrown anywhere in a request, with the catalogue's code and status. */
import { errorBody, errorCatalogue, type ErrorBody, type ErrorCode, type ErrorDetails } from '../../contract/error-catalogue.ts';

/** An error meant for the caller: thrown anywhere in a request, rendered by the error middleware. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.details = details;
    this.headers = headers;
  }

  body(): ErrorBody {
    return errorBody(this.code, this.message, this.details);
  }
}

export function invalidParam(param: string, message: string): ApiError {
  return new ApiError('invalid_request', message, { param });
}
