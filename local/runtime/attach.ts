/**
 * Lets command-line tools work on the local stack's state: through the running stack's emulators when
 * `npm start` is up (read from its stack file), else by opening the state directory directly.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newContainer } from '#shared/platform/container.ts';
import { startEmulators } from './emulators.ts';
import { applyEnvironment, localEnvironment } from './environment.ts';
import { provision } from './provision.ts';
import { startSourceSimulator } from '../simulator/server.ts';
import { sampleDataDir, stackFileName, type StackFile } from './stack.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function readRunningStack(stateDir: string): Promise<StackFile | undefined> {
  try {
    const file = JSON.parse(await readFile(join(stateDir, stackFileName), 'utf8')) as StackFile;
    return alive(file.pid) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Points this process's AWS configuration at the local state; returns a function that detaches. */
export async function attachToLocalState(stateDir: string): Promise<() => Promise<void>> {
  const running = await readRunningStack(stateDir);
  if (running) {
    applyEnvironment(running.env);
    newContainer();
    return async () => newContainer();
  }
  const simulator = await startSourceSimulator({ dataDir: process.env.SOURCE_DATA_DIR ?? sampleDataDir });
  const emulators = await startEmulators({ stateDir });
  const names = await provision(emulators.endpoints);
  applyEnvironment(localEnvironment(emulators.endpoints, names, process.env.PUBLIC_BASE_URL ?? 'http://127.0.0.1:3000', simulator.url));
  newContainer();
  return async () => {
    newContainer();
    await emulators.stop();
    await simulator.close();
  };
}
