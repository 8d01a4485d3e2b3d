/**
 * Every benchmark of `npm run bench`, in report order; `--only` takes their ids. Each is loaded only in
 * the process that runs it (run-section.ts): the benchmark modules bring the local stack with them.
 */
import type { Benchmark } from './harness.ts';

export interface BenchmarkEntry {
  readonly id: string;
  load(): Promise<Benchmark>;
}

export const benchmarks: readonly BenchmarkEntry[] = [
  { id: 'verify', load: async () => (await import('./verify.bench.ts')).verifyBenchmark },
  { id: 'evidence', load: async () => (await import('./evidence.bench.ts')).evidenceBenchmark },
  { id: 'common-surname', load: async () => (await import('./common-surname.bench.ts')).commonSurnameBenchmark },
  { id: 'throughput', load: async () => (await import('./throughput.bench.ts')).throughputBenchmark },
  { id: 'bulk', load: async () => (await import('./bulk.bench.ts')).bulkBenchmark },
  { id: 'pdf', load: async () => (await import('./pdf.bench.ts')).pdfBenchmark },
  { id: 'name-matcher', load: async () => (await import('./name-matcher.bench.ts')).nameMatcherBenchmark },
  { id: 'identity-resolution', load: async () => (await import('./identity-resolution.bench.ts')).identityResolutionBenchmark },
  { id: 'leie', load: async () => (await import('./leie.bench.ts')).leieBenchmark },
  { id: 'sam', load: async () => (await import('./sam.bench.ts')).samBenchmark },
  { id: 'sam-load-capped', load: async () => (await import('./sam-load-capped.bench.ts')).samLoadCappedBenchmark },
  { id: 'rosters', load: async () => (await import('./rosters.bench.ts')).rostersBenchmark },
  { id: 'sanctions-screen', load: async () => (await import('./sanctions-screen.bench.ts')).sanctionsScreenBenchmark },
  { id: 'nppes-deactivated', load: async () => (await import('./nppes-deactivated.bench.ts')).nppesDeactivatedBenchmark },
  { id: 'monitoring', load: async () => (await import('./monitoring.bench.ts')).monitoringBenchmark },
  { id: 'cold-start', load: async () => (await import('./cold-start.bench.ts')).coldStartBenchmark },
  { id: 'dynamo-calls', load: async () => (await import('./dynamo-calls.bench.ts')).dynamoCallsBenchmark },
  { id: 'kms-sign', load: async () => (await import('./kms-sign.bench.ts')).kmsSignBenchmark },
  { id: 'cold-request', load: async () => (await import('./cold-request.bench.ts')).coldRequestBenchmark },
  { id: 'history', load: async () => (await import('./history.bench.ts')).historyBenchmark },
  { id: 'soak', load: async () => (await import('./soak.bench.ts')).soakBenchmark },
];
