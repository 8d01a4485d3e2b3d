/**
 * zod → JSON Schema 2020-12 (the dialect of OpenAPI 3.1) with zod's own `z.toJSONSchema`, tidied for an
 * API document:
 * - named schemas are converted together, so they refer to each other as `#/components/schemas/<name>`;
 * - `$schema` and `$id` are dropped from each (the document's dialect applies);
 * - the safe-integer bounds zod writes for every `.int()` and the long regular expressions it writes
 *   beside `format: date` / `date-time` are dropped: the type and the format say it;
 * - a pattern's Unicode property classes (`[\p{L}…]`) are spelt out as ranges (portable-pattern.ts);
 * - keys that a schema's metadata unsets (`undefined`) are dropped;
 * - response schemas do not say `additionalProperties: false`: the service may add response fields, and
 *   clients are to ignore the ones they do not know. Request schemas keep it: unknown fields are refused;
 * - a request field's default is said in its description, not with `default`: generators read `default`
 *   as "always present" and would make the field required in the request type (openapi-typescript
 *   does, for every named schema), when leaving it out is the very point of a default.
 */
import * as z from 'zod';
import { portablePattern } from './portable-pattern.ts';

export type JsonSchema = Record<string, unknown>;

/** Which side of the wire a schema describes: what the service accepts, or what it sends. */
export type Direction = 'request' | 'response';

export const schemaRef = (name: string) => `#/components/schemas/${name}`;

function tidy(node: unknown, direction: Direction): unknown {
  if (Array.isArray(node)) return node.map((item) => tidy(item, direction));
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === '$id' || value === undefined) continue;
    if ((key === 'maximum' && value === Number.MAX_SAFE_INTEGER) || (key === 'minimum' && value === Number.MIN_SAFE_INTEGER)) continue;
    if (key === 'additionalProperties' && value === false && direction === 'response') continue;
    out[key] = key === 'pattern' && typeof value === 'string' ? portablePattern(value) : tidy(value, direction);
  }
  if ((out.format === 'date' || out.format === 'date-time') && typeof out.pattern === 'string') delete out.pattern;
  if (direction === 'request' && 'default' in out && (out.default === null || typeof out.default !== 'object')) {
    const { default: value, ...rest } = out;
    const text = typeof rest.description === 'string' ? rest.description : '';
    // Most descriptions give the default in their own words; the others get a sentence saying it.
    const said = /\bdefault\b/i.test(text) && text.includes(String(value));
    return said ? rest : { ...rest, description: `${text}${text ? ' ' : ''}Default: \`${JSON.stringify(value)}\`.` };
  }
  return out;
}

/** Converts named schemas together; each may refer to the others by `$ref`. */
export function namedJsonSchemas(named: ReadonlyMap<string, z.ZodType>, direction: Direction): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of named) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { io: direction === 'request' ? 'input' : 'output', uri: schemaRef, unrepresentable: 'any' });
  if ('__shared' in schemas) throw new Error('A schema was shared between named schemas without a name of its own');
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, tidy(schema, direction) as JsonSchema]));
}

/** One schema, converted on its own (query parameters). */
export function jsonSchema(schema: z.ZodType, direction: Direction): JsonSchema {
  return tidy(z.toJSONSchema(schema, { io: direction === 'request' ? 'input' : 'output', unrepresentable: 'any' }), direction) as JsonSchema;
}
