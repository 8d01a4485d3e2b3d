/**
 * HTML output with escaping by default: every value interpolated into an `html` template is escaped
 * unless it is already `SafeHtml` (the result of another `html` template). Values are escaped for both
 * text and double- or single-quoted attribute values, so a name such as `<script>` or `O'Neil & "Co"`
 * can never change the markup.
 */
import { createHash } from 'node:crypto';

export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

const entities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes `& < > " '`, the characters that can end a text run or an attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}

/** `null`, `undefined` and `false` render nothing; arrays render each item; anything else is escaped text. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * The Content-Security-Policy of a self-contained page: nothing may load or run, and only the given
 * inline stylesheet (allowed by its hash) applies. `extra` adds directives such as `img-src data:`.
 */
export function stylesheetOnlyPolicy(stylesheet: string, extra: readonly string[] = []): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(stylesheet, 'utf8').digest('base64')}'`,
    ...extra,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
