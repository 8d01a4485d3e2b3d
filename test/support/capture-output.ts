/** Captures what the process writes to stdout and stderr while a function runs: the handlers' JSON log lines. */
export type Line = Record<string, any>;

/** Runs `fn` and returns everything written to stdout and stderr meanwhile. */
export async function captureOutput(fn: () => Promise<void>): Promise<{ text: string; lines: Line[] }> {
  const chunks: string[] = [];
  const streams = [process.stdout, process.stderr] as const;
  const originals = streams.map((stream) => stream.write);
  for (const stream of streams) {
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof stream.write;
  }
  try {
    await fn();
    // Log lines of a finished invocation are written before its response; let the stream settle.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    streams.forEach((stream, i) => {
      stream.write = originals[i]!;
    });
  }
  const text = chunks.join('');
  const lines = text
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => JSON.parse(l) as Line);
  return { text, lines };
}
