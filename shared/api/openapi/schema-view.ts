/**
 * JSON Schemas of the OpenAPI document as HTML for the reference page: a short type label (with links to
 * named schemas) and a table of fields, nested objects flattened to `provider.name` and `sources[].as_of`.
 * Every value goes through the escaping `html` template.
 */
import { html, type SafeHtml } from '../http/html.ts';

export type Schema = Readonly<Record<string, unknown>>;

const refPrefix = '#/components/schemas/';

export function schemaAnchor(name: string): string {
  return `schema-${name}`;
}

/** Inline prose: text with `code` spans, escaped. */
export function inline(text: string): SafeHtml {
  return html`${text.split('`').map((part, i) => (i % 2 === 1 ? html`<code>${part}</code>` : part))}`;
}

/** Paragraphs of prose, separated by blank lines. */
export function prose(text: string | undefined): SafeHtml {
  if (!text) return html``;
  return html`${text.split(/\n\s*\n/).map((p) => html`<p>${inline(p.trim())}</p>`)}`;
}

function asSchema(value: unknown): Schema | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : undefined;
}

function alternatives(schema: Schema): Schema[] {
  const list = schema.anyOf ?? schema.oneOf;
  return Array.isArray(list) ? list.map(asSchema).filter((s): s is Schema => s !== undefined) : [];
}

const isNull = (s: Schema) => s.type === 'null';

/** A nullable schema as zod writes it (`anyOf: [X, {type: null}]`) → X; anything else unchanged. */
function withoutNull(schema: Schema): { schema: Schema; nullable: boolean } {
  const alts = alternatives(schema);
  if (alts.length === 2 && alts.some(isNull)) {
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    return { schema: { ...rest, ...alts.find((s) => !isNull(s))! }, nullable: true };
  }
  return { schema, nullable: false };
}

export function refName(schema: Schema): string | undefined {
  return typeof schema.$ref === 'string' && schema.$ref.startsWith(refPrefix) ? schema.$ref.slice(refPrefix.length) : undefined;
}

export function schemaLink(name: string): SafeHtml {
  return html`<a href="#${schemaAnchor(name)}">${name}</a>`;
}

/** `string (date-time) or null`, `array of Monitor`, `"active"`, … */
export function typeLabel(input: Schema): SafeHtml {
  const { schema, nullable } = withoutNull(input);
  const orNull = nullable ? ' or null' : '';
  const ref = refName(schema);
  if (ref) return html`${schemaLink(ref)}${orNull}`;
  if ('const' in schema) return html`<code>${JSON.stringify(schema.const)}</code>${orNull}`;
  const alts = alternatives(schema);
  if (alts.length > 0) {
    return html`${alts.map((alt, i) => html`${i > 0 ? ' or ' : ''}${typeLabel(alt)}`)}${orNull}`;
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  const main = types.filter((t) => t !== 'null');
  const nullText = types.includes('null') || nullable ? ' or null' : '';
  if (main[0] === 'array') {
    const items = asSchema(schema.items);
    return html`array of ${items ? typeLabel(items) : 'anything'}${nullText}`;
  }
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  if (main.length === 0) return html`${'properties' in schema ? 'object' : 'any'}${nullText}`;
  return html`${main.join(' or ')}${format}${nullText}`;
}

const constraintNames: readonly [string, string][] = [
  ['minimum', 'minimum'],
  ['maximum', 'maximum'],
  ['minLength', 'min length'],
  ['maxLength', 'max length'],
  ['minItems', 'min items'],
  ['maxItems', 'max items'],
  ['pattern', 'pattern'],
  ['default', 'default'],
];

const longConstraint = 200;

/** Description, allowed values and constraints of a field. */
export function fieldNotes(input: Schema): SafeHtml {
  const { schema } = withoutNull(input);
  const values = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : [];
  const valueList = html`${values.map((v, i) => html`${i > 0 ? ', ' : ''}<code>${String(v)}</code>`)}`;
  const enumNote =
    values.length === 0
      ? null
      : values.length <= 12
        ? html`<span class="constraint">One of: ${valueList}</span>`
        : html`<details><summary>One of ${values.length} values</summary>${valueList}</details>`;
  const constraints = constraintNames
    .filter(([key]) => schema[key] !== undefined)
    .map(([key, label]) => {
      const value = typeof schema[key] === 'string' ? schema[key] : JSON.stringify(schema[key]);
      // A spelt-out Unicode class runs to thousands of characters: folded away, the description says it.
      if (value.length > longConstraint)
        return html`<details class="constraint"><summary>${label} (${value.length} characters)</summary><code>${value}</code></details>`;
      return html`<span class="constraint">${label}: <code>${value}</code></span>`;
    });
  const text = typeof input.description === 'string' ? input.description : typeof schema.description === 'string' ? schema.description : '';
  return html`${inline(text)}${enumNote}${constraints}`;
}

interface Row {
  readonly name: string;
  readonly schema: Schema;
  readonly required: boolean;
}

/** The fields of an object schema, nested inline objects and arrays of them flattened. */
export function fieldRows(schema: Schema, prefix = ''): Row[] {
  const rows: Row[] = [];
  const objects = [schema, ...alternatives(schema).filter((alt) => asSchema(alt.properties))];
  for (const object of objects) {
    const properties = asSchema(object.properties) ?? {};
    const required = Array.isArray(object.required) ? (object.required as string[]) : [];
    for (const [name, value] of Object.entries(properties)) {
      const field = asSchema(value) ?? {};
      const path = `${prefix}${name}`;
      if (rows.some((r) => r.name === path)) continue;
      rows.push({ name: path, schema: field, required: required.includes(name) });
      const inner = withoutNull(field).schema;
      const items = inner.type === 'array' ? asSchema(inner.items) : undefined;
      if (!refName(inner) && (asSchema(inner.properties) || alternatives(inner).some((a) => asSchema(a.properties))))
        rows.push(...fieldRows(inner, `${path}.`));
      else if (items && !refName(items) && (asSchema(items.properties) || alternatives(items).some((a) => asSchema(a.properties))))
        rows.push(...fieldRows(items, `${path}[].`));
    }
  }
  return rows;
}

export function fieldTable(schema: Schema, caption: string): SafeHtml {
  const rows = fieldRows(schema);
  if (rows.length === 0) return html`<p>${typeLabel(schema)}</p>${fieldNotes(schema)}`;
  return html`<div class="scroll" role="region" aria-label="${caption}" tabindex="0"><table class="fields">
<caption class="meta">${caption}</caption>
<thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead>
<tbody>${rows.map((row) => html`<tr><td><code>${row.name}</code></td><td>${typeLabel(row.schema)}</td><td>${row.required ? 'yes' : 'no'}</td><td>${fieldNotes(row.schema)}</td></tr>`)}</tbody>
</table></div>`;
}
