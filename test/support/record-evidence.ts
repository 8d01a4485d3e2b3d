/** Sources or lists as the public record shows them: each piece of evidence by its kind and hash only. */
export function withEvidenceByHash<T extends { readonly evidence?: readonly { readonly kind: string; readonly sha256: string }[] }>(items: readonly T[]) {
  return items.map(({ evidence, ...rest }) => ({ ...rest, ...(evidence ? { evidence: evidence.map(({ kind, sha256 }) => ({ kind, sha256 })) } : {}) }));
}
