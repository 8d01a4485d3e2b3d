/** Maps zod validation failures onto the spec's error shape: the first problem, naming its parameter. */
import type * as z from 'zod';
import type { DomainError } from '../../domain/errors.ts';
import { apiErrorOf } from './domain-errors.ts';
import { invalidParam, type ApiError } from './errors.ts';

export function paramPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** Lets a schema name a domain error (e.g. an unrecognised profession, 422) through a custom issue's params. */
export interface DomainIssueParams {
  readonly domainError: DomainError;
}

export function validationError(error: z.ZodError, where: 'body' | 'query'): ApiError {
  const issue = error.issues[0]!;
  const custom = issue.code === 'custom' ? apiErrorOf((issue.params as Partial<DomainIssueParams> | undefined)?.domainError) : undefined;
  if (custom) return custom;
  const base = paramPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    const param = base ? `${base}.${key}` : key;
    return invalidParam(param, `Unknown parameter: ${param}.`);
  }
  const param = base || where;
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return invalidParam(param, `Missing required parameter: ${param}.`);
  }
  return invalidParam(param, `Invalid ${param}: ${issue.message}`);
}

export function validate<S extends z.ZodType>(schema: S, value: unknown, where: 'body' | 'query'): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw validationError(result.error, where);
  return result.data;
}
