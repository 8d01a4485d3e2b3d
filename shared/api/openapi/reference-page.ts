/**
 * The API reference: one accessible HTML page rendered from the OpenAPI document, with an inline
 * stylesheet and nothing else (no scripts, no external assets). Sections: authentication, limits and
 * rate-limit headers, idempotency, errors (one anchor per code, `#error-<code>`, which the `docs` link
 * of every error body points to), unmatched requests, every operation (`#operation-<route id>`, with
 * its code samples), webhooks (`#webhook-<kind>`, with a receiver's samples) and schemas
 * (`#schema-<name>`). Every text is escaped.
 */
import { serviceName } from '../../platform/config.ts';
import { html, SafeHtml } from '../http/html.ts';
import type { OpenApiDocument } from './document.ts';
import { referenceStylesheet } from './reference-page-style.ts';
import { fieldNotes, fieldTable, inline, prose, refName, schemaAnchor, schemaLink, typeLabel, type Schema } from './schema-view.ts';

// biome-ignore lint/suspicious/noExplicitAny: the page walks the generated OpenAPI document, whose nodes have many shapes.
type Json = Record<string, any>;

export interface ReferencePageOptions {
  /** Where the OpenAPI document is served. */
  readonly openApiUrl: string;
}

export const operationAnchor = (operationId: string) => `operation-${operationId}`;
export const webhookAnchor = (kind: string) => `webhook-${kind.replace(/[._]/g, '-')}`;

const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly op: Json;
}

function operations(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of httpMethods) if (item[method]) out.push({ method, path, op: item[method] as Json });
  }
  return out;
}

/** Follows a local `$ref` (`#/components/…`) once. */
function resolve(doc: OpenApiDocument, value: Json): Json {
  if (typeof value?.$ref !== 'string' || !value.$ref.startsWith('#/')) return value;
  let node: unknown = doc;
  for (const part of value.$ref.slice(2).split('/')) node = (node as Json | undefined)?.[part];
  return (node ?? value) as Json;
}

function jsonBlock(value: unknown, label: string): SafeHtml {
  return html`<pre tabindex="0" aria-label="${label}"><code>${JSON.stringify(value, null, 2)}</code></pre>`;
}

function firstExample(doc: OpenApiDocument, media: Json | undefined): { summary?: string; value: unknown } | undefined {
  const examples = media?.examples as Record<string, Json> | undefined;
  const first = examples ? Object.values(examples)[0] : undefined;
  return first ? (resolve(doc, first) as { summary?: string; value: unknown }) : undefined;
}

function contentView(doc: OpenApiDocument, content: Record<string, Json> | undefined, what: string): SafeHtml {
  if (!content) return html``;
  return html`${Object.entries(content).map(([mediaType, media]) => {
    const schema = (media.schema ?? {}) as Schema;
    const example = firstExample(doc, media);
    return html`<p><code>${mediaType}</code>: ${typeLabel(schema)}${refName(schema) ? null : html` ${fieldNotes(schema)}`}</p>
${example ? html`<details><summary>Example${example.summary ? `: ${example.summary}` : ''}</summary>${jsonBlock(example.value, `${what} example`)}</details>` : null}`;
  })}`;
}

function headerList(headers: Record<string, Json> | undefined): SafeHtml {
  const names = Object.keys(headers ?? {});
  if (names.length === 0) return html``;
  const limited = names.some((name) => name.startsWith('X-RateLimit-'));
  const others = names.filter((name) => !name.startsWith('X-RateLimit-'));
  return html`<p class="meta">Headers: ${others.map((name, i) => html`${i > 0 ? ', ' : ''}<code>${name}</code>`)}${limited ? html`, <a href="#limits">rate-limit headers</a>` : null}</p>`;
}

function parameterTable(doc: OpenApiDocument, params: Json[], caption: string): SafeHtml {
  if (params.length === 0) return html``;
  const resolved = params.map((p) => {
    const param = resolve(doc, p);
    // A shared parameter is described in its own section: its first sentence is enough here.
    return p.$ref && typeof param.description === 'string' ? { ...param, description: `${param.description.split('. ')[0]!.replace(/\.$/, '')}.` } : param;
  });
  return html`<div class="scroll" role="region" aria-label="${caption}" tabindex="0"><table>
<caption class="meta">${caption}</caption>
<thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead>
<tbody>${resolved.map(
    (p) =>
      html`<tr><td><code>${p.name}</code></td><td>${p.in}</td><td>${typeLabel((p.schema ?? {}) as Schema)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${inline(String(p.description ?? ''))}${fieldNotes({ ...(p.schema as Schema), description: undefined })}</td></tr>`,
  )}</tbody>
</table></div>`;
}

function authLabel(op: Json): SafeHtml {
  const security = op.security as Json[] | undefined;
  if (security && security.length === 0) return html`None (public)`;
  const schemes = (security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.length === 1 && schemes[0] === 'testKey') return html`<a href="#authentication">Test key</a> only`;
  return html`<a href="#authentication">API key</a> (live or test)`;
}

/** The operation's `x-codeSamples`, one folded block each, under a heading of the given level. */
function codeSamplesView(op: Json, what: string, heading: 'h4' | 'h5'): SafeHtml {
  const samples = (op['x-codeSamples'] ?? []) as { label: string; source: string }[];
  if (samples.length === 0) return html``;
  const title = heading === 'h4' ? html`<h4>Code samples</h4>` : html`<h5>Code samples</h5>`;
  return html`${title}${samples.map(
    (sample) =>
      html`<details><summary>${sample.label}</summary><pre tabindex="0" aria-label="${sample.label} sample: ${what}"><code>${sample.source}</code></pre></details>`,
  )}`;
}

function operationView(doc: OpenApiDocument, { method, path, op }: Operation): SafeHtml {
  const body = op.requestBody as Json | undefined;
  return html`<article class="card" id="${operationAnchor(op.operationId)}" aria-labelledby="${operationAnchor(op.operationId)}-title">
<h4 id="${operationAnchor(op.operationId)}-title"><span class="method ${method}">${method.toUpperCase()}</span><code>${path}</code></h4>
<p><strong>${op.summary}</strong></p>
${prose(op.description)}
<p class="meta">Authentication: ${authLabel(op)} · Operation id: <code>${op.operationId}</code></p>
${parameterTable(doc, (op.parameters ?? []) as Json[], `Parameters of ${method.toUpperCase()} ${path}`)}
${body ? html`<h5>Request body</h5>${contentView(doc, body.content, `${op.operationId} request`)}` : null}
<h5>Responses</h5>
${responseTable(doc, op)}
${codeSamplesView(op, `${method.toUpperCase()} ${path}`, 'h5')}
</article>`;
}

function isErrorResponse(response: Json): boolean {
  return response.content?.['application/json']?.schema?.$ref === '#/components/schemas/Error';
}

function responseTable(doc: OpenApiDocument, op: Json): SafeHtml {
  const responses = Object.entries(op.responses as Record<string, Json>);
  return html`<div class="scroll" role="region" aria-label="Responses of ${op.operationId}" tabindex="0"><table>
<caption class="meta">Responses of ${op.operationId}</caption>
<thead><tr><th scope="col">Status</th><th scope="col">Meaning</th><th scope="col">Body</th></tr></thead>
<tbody>${responses.map(([status, response]) => {
    const error = isErrorResponse(response);
    const codes = error ? Object.keys(response.content['application/json'].examples ?? {}) : [];
    const meaning = error
      ? html`${codes.map((code, i) => html`${i > 0 ? html`<br>` : ''}<a href="#error-${code.replaceAll('_', '-')}"><code>${code}</code></a>`)}`
      : prose(response.description);
    const body = error ? html`${schemaLink('Error')}` : contentView(doc, response.content, `${op.operationId} ${status}`);
    return html`<tr><td>${status}</td><td>${meaning}${headerList(response.headers)}</td><td>${body}</td></tr>`;
  })}</tbody>
</table></div>`;
}

function authenticationSection(doc: OpenApiDocument): SafeHtml {
  const schemes = (doc.components.securitySchemes ?? {}) as Record<string, Json>;
  return html`<section aria-labelledby="authentication"><h2 id="authentication">Authentication</h2>
<p>Send the key as <code>Authorization: Bearer &lt;API_KEY&gt;</code> on every request except the public ones.</p>
${Object.entries(schemes).map(([name, scheme]) => html`<h3>${name === 'liveKey' ? 'Live keys' : name === 'testKey' ? 'Test keys' : name}</h3><p class="meta">HTTP ${scheme.scheme} · format: ${scheme.bearerFormat}</p>${prose(scheme.description)}`)}
</section>`;
}

function headerTable(doc: OpenApiDocument, names: string[], caption: string): SafeHtml {
  const headers = (doc.components.headers ?? {}) as Record<string, Json>;
  return html`<div class="scroll" role="region" aria-label="${caption}" tabindex="0"><table>
<caption class="meta">${caption}</caption>
<thead><tr><th scope="col">Header</th><th scope="col">Meaning</th></tr></thead>
<tbody>${names.map((name) => html`<tr id="header-${name.toLowerCase()}"><td><code>${name}</code></td><td>${inline(String(headers[name]?.description ?? ''))}</td></tr>`)}</tbody>
</table></div>`;
}

function limitsSection(doc: OpenApiDocument): SafeHtml {
  const names = Object.keys(doc.components.headers ?? {});
  return html`<section aria-labelledby="limits"><h2 id="limits">Limits and rate-limit headers</h2>
<p>Every response to an authenticated request, errors and 429s included, carries these headers. Past the per-minute limit, or the Developer plan’s monthly quota, the answer is 429 <a href="#error-rate-limit-exceeded"><code>rate_limit_exceeded</code></a> with <code>retry_after</code> (and a <code>Retry-After</code> header) or <code>reset_at</code>.</p>
${headerTable(
  doc,
  names.filter((n) => n.startsWith('X-RateLimit-')),
  'Rate-limit headers',
)}
${headerTable(
  doc,
  names.filter((n) => !n.startsWith('X-RateLimit-')),
  'Other response headers',
)}
</section>`;
}

function idempotencySection(doc: OpenApiDocument): SafeHtml {
  const param = resolve(doc, { $ref: '#/components/parameters/IdempotencyKey' });
  return html`<section aria-labelledby="idempotency"><h2 id="idempotency">Idempotency</h2>
<p>Header <code>${param.name}</code> on POST requests; pattern <code>${param.schema?.pattern}</code>.</p>
${prose(param.description)}
</section>`;
}

function errorsSection(doc: OpenApiDocument): SafeHtml {
  const codes = doc['x-error-codes'] as Record<string, { status: number; title: string; anchor: string }>;
  const examples = (doc.components.examples ?? {}) as Record<string, Json>;
  return html`<section aria-labelledby="errors"><h2 id="errors">Errors</h2>
<p>Every error has the same body, ${schemaLink('Error')}: <code>{"error": {"code", "message", "docs", …}}</code>. <code>param</code> names the body field, query parameter, header or path parameter at fault; 429s add <code>retry_after</code> or <code>reset_at</code>; 500s add a <code>request_id</code>. <code>docs</code> links to the code’s row below.</p>
<div class="scroll" role="region" aria-label="Error codes" tabindex="0"><table>
<caption class="meta">Error codes</caption>
<thead><tr><th scope="col">HTTP</th><th scope="col">Code</th><th scope="col">Meaning</th><th scope="col">Example message</th></tr></thead>
<tbody>${Object.entries(codes).map(
    ([code, entry]) =>
      html`<tr id="${entry.anchor}"><td>${entry.status}</td><td><code>${code}</code></td><td>${entry.title}</td><td>${String(examples[entry.anchor]?.value?.error?.message ?? '')}</td></tr>`,
  )}</tbody>
</table></div>
${unmatchedSection(doc)}
</section>`;
}

function unmatchedSection(doc: OpenApiDocument): SafeHtml {
  const unmatched = doc['x-unmatched-requests'] as Json;
  return html`<h3 id="unmatched-requests">Unmatched requests</h3>${prose(unmatched.description)}
<p>${Object.keys(unmatched.responses).map((status, i) => html`${i > 0 ? ' · ' : ''}${status}`)}: see <a href="#error-resource-not-found"><code>resource_not_found</code></a> and <a href="#error-method-not-allowed"><code>method_not_allowed</code></a>.</p>`;
}

function operationsSection(doc: OpenApiDocument): SafeHtml {
  const all = operations(doc);
  const tags = (doc.tags as Json[]).filter((tag) => all.some((o) => o.op.tags?.includes(tag.name)));
  return html`<section aria-labelledby="operations"><h2 id="operations">Operations</h2>
${tags.map((tag) => html`<h3 id="tag-${String(tag.name).toLowerCase()}">${tag.name}</h3>${prose(tag.description)}${all.filter((o) => o.op.tags?.includes(tag.name)).map((o) => operationView(doc, o))}`)}
</section>`;
}

function webhooksSection(doc: OpenApiDocument): SafeHtml {
  const hooks = Object.entries((doc.webhooks ?? {}) as Record<string, Json>);
  const first = hooks[0]?.[1]?.post as Json | undefined;
  return html`<section aria-labelledby="webhooks"><h2 id="webhooks">Webhooks</h2>
<p>For every change a monitor’s check finds, the service POSTs a signed event to the monitor’s <code>webhook_url</code>. Every delivery carries these headers:</p>
${first ? parameterTable(doc, first.parameters as Json[], 'Webhook request headers') : null}
${first ? prose(first.responses?.['2XX']?.description) : null}
${hooks.map(([kind, item]) => {
  const post = item.post as Json;
  return html`<article class="card" id="${webhookAnchor(kind)}" aria-labelledby="${webhookAnchor(kind)}-title">
<h3 id="${webhookAnchor(kind)}-title"><span class="method post">POST</span><code>${kind}</code></h3>
${prose(post.description)}
${contentView(doc, post.requestBody?.content, `${kind} payload`)}
${codeSamplesView(post, `receiving ${kind}`, 'h4')}
</article>`;
})}
</section>`;
}

function schemasSection(doc: OpenApiDocument): SafeHtml {
  return html`<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>
<p>Request schemas refuse unknown fields. Response schemas may gain fields: ignore the ones you do not know.</p>
${Object.entries(doc.components.schemas).map(
  ([name, schema]) => html`<article class="card" id="${schemaAnchor(name)}" aria-labelledby="${schemaAnchor(name)}-title">
<h3 id="${schemaAnchor(name)}-title">${name}</h3>
${typeof schema.title === 'string' && schema.title !== name ? html`<p class="meta">${schema.title}</p>` : null}
${prose(typeof schema.description === 'string' ? schema.description : undefined)}
${name === 'ErrorCode' ? errorCodeList(schema) : fieldTable(schema, `Fields of ${name}`)}
</article>`,
)}
</section>`;
}

function errorCodeList(schema: Schema): SafeHtml {
  const codes = ((schema.anyOf ?? schema.oneOf ?? []) as Json[]).filter((s) => 'const' in s);
  return html`<ul>${codes.map((s) => html`<li><a href="#error-${String(s.const).replaceAll('_', '-')}"><code>${String(s.const)}</code></a> (${String(s['x-http-status'])}): ${String(s.title ?? '')}</li>`)}</ul>`;
}

function tableOfContents(doc: OpenApiDocument): SafeHtml {
  const all = operations(doc);
  const tags = (doc.tags as Json[]).filter((tag) => all.some((o) => o.op.tags?.includes(tag.name)));
  return html`<nav class="toc" aria-label="Contents"><h2>Contents</h2><ul>
<li><a href="#authentication">Authentication</a></li>
<li><a href="#limits">Limits and rate-limit headers</a></li>
<li><a href="#idempotency">Idempotency</a></li>
<li><a href="#errors">Errors</a></li>
<li><a href="#operations">Operations</a><ul>${tags.map(
    (tag) =>
      html`<li><a href="#tag-${String(tag.name).toLowerCase()}">${tag.name}</a><ul>${all
        .filter((o) => o.op.tags?.includes(tag.name))
        .map((o) => html`<li><a href="#${operationAnchor(o.op.operationId)}">${o.method.toUpperCase()} ${o.path}</a></li>`)}</ul></li>`,
  )}</ul></li>
<li><a href="#webhooks">Webhooks</a><ul>${Object.keys(doc.webhooks ?? {}).map((kind) => html`<li><a href="#${webhookAnchor(kind)}">${kind}</a></li>`)}</ul></li>
<li><a href="#schemas">Schemas</a></li>
</ul></nav>`;
}

export function renderReferencePage(doc: OpenApiDocument, options: ReferencePageOptions): string {
  const info = doc.info as Json;
  const server = (doc.servers as Json[] | undefined)?.[0]?.url as string | undefined;
  const title = `API reference · ${serviceName}`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${new SafeHtml(referenceStylesheet)}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<div class="layout">
${tableOfContents(doc)}
<main id="main">
<header>
<p class="service">${serviceName} · API reference · version ${info.version}</p>
<h1>${info.title}</h1>
${prose(info.description)}
<p>Base URL: <code>${server ?? ''}</code>. The machine-readable contract is <a href="${options.openApiUrl}">${options.openApiUrl}</a> (OpenAPI ${doc.openapi}); this page is rendered from it.</p>
</header>
${authenticationSection(doc)}
${limitsSection(doc)}
${idempotencySection(doc)}
${errorsSection(doc)}
${operationsSection(doc)}
${webhooksSection(doc)}
${schemasSection(doc)}
</main>
</div>
</body>
</html>
`.value;
}
