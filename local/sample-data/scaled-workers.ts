/**
 * Runs the chunks of a scaled sample (scaled-chunk.ts) on worker threads, one per core, and returns
 * their results in task order. The workers load the TypeScript sources through tsx's loader, since
 * they start without the parent's module hooks (under tsx or under a test runner alike). One worker or
 * one task: everything runs in this thread.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type ChunkResult, type ChunkTask, generateChunk } from './scaled-chunk.ts';

type WorkerReply = { readonly result: ChunkResult } | { readonly error: string };

function startWorker(): Worker {
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const chunkModule = new URL('./scaled-chunk.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(chunkModule)}); }).then((m) => m.serveChunks());`;
  return new Worker(bootstrap, { eval: true });
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

export async function runChunks(tasks: readonly ChunkTask[], workers: number): Promise<ChunkResult[]> {
  const count = Math.min(workers, tasks.length);
  if (count <= 1) return tasks.map(generateChunk);
  const results: ChunkResult[] = new Array(tasks.length);
  let next = 0;
  const pool = Array.from({ length: count }, startWorker);
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let current = -1;
            const give = (): void => {
              if (next >= tasks.length) {
                resolve();
                return;
              }
              current = next++;
              worker.postMessage(tasks[current]);
            };
            worker.on('message', (reply: WorkerReply) => {
              if ('error' in reply) {
                reject(new Error(`scaled sample chunk ${current} failed: ${reply.error}`));
                return;
              }
              results[current] = reply.result;
              give();
            });
            worker.once('error', reject);
            worker.once('exit', (code) => {
              if (next < tasks.length || results[current] === undefined) reject(new Error(`scaled sample worker exited with code ${code}`));
            });
            give();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  return results;
}
