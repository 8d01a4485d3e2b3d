/**
 * Least privilege, proven from behaviour: while the suite runs, the local stack records every AWS call
 * each function makes (local/runtime/aws-rules.ts). At the end the recorded calls are compared with the reviewed
 * file `test/iam/aws-calls.json`:
 *
 * - a call not in the file fails the run (the function's AWS usage changed: review it, then update the
 *   file with `UPDATE_AWS_CALLS=1 npm test`);
 * - after a full, passing run, a call in the file that no test made fails the run too (a grant nobody
 *   uses; `least-privilege.test.ts` checks that the file and the granted permissions are the same).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { awsCallsFile, compareAwsCalls, mergeRecordedCalls, reviewedOwners, type AwsCalls } from './aws-calls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    awsCallsDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'aws-calls-'));
  project.provide('awsCallsDir', dir);
  return async () => {
    const owners = reviewedOwners();
    const recorded = Object.fromEntries(
      Object.entries(
        mergeRecordedCalls(await Promise.all((await readdir(dir)).map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as AwsCalls))),
      ).filter(([owner]) => owners.has(owner)),
    );
    await rm(dir, { recursive: true, force: true });
    const { testFiles } = await project.globTestFiles();
    const ran = project.vitest.state.getFiles();
    const complete = ran.length >= testFiles.length && ran.every((file) => file.result?.state === 'pass');
    if (process.env.UPDATE_AWS_CALLS) {
      if (!complete) throw new Error('UPDATE_AWS_CALLS needs a full run of the suite that passes');
      await writeFile(awsCallsFile, `${JSON.stringify(recorded, null, 2)}\n`);
      return;
    }
    const reviewed = JSON.parse(await readFile(awsCallsFile, 'utf8')) as AwsCalls;
    const problems = compareAwsCalls(recorded, reviewed, complete);
    if (problems.length > 0) {
      // An error thrown here is reported but does not change vitest's exit code: set it too.
      process.exitCode = 1;
      throw new Error(
        `AWS calls differ from test/iam/aws-calls.json:\n${problems.map((p) => `  ${p}`).join('\n')}\n` +
          'Review the change; `UPDATE_AWS_CALLS=1 npm test` rewrites the file from a full run.',
      );
    }
  };
}
