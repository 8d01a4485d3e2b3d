/** `npm start` as an integrator runs it: a process of its own, in a shell's environment, on a state directory and a free port. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export const repositoryRoot = join(import.meta.dirname, '..', '..');

/** The environment of a shell on this machine: none of this test process's own settings (the local runtime's among them). */
export const shellEnv: Record<string, string> = Object.fromEntries(
  ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TERM', 'USER', 'npm_config_cache'].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])),
);

export interface Started {
  readonly process: ChildProcess;
  readonly url: string;
  readonly port: number;
  /** What it printed on stdout up to the keys (or the key command). */
  readonly output: string;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `npm start`; resolves once it has printed its keys or, on existing state, its key command. */
export async function npmStart(options: { stateDir: string; sourceDataDir: string; port?: number; env?: Record<string, string> }): Promise<Started> {
  const port = options.port ?? (await freePort());
  const child = spawn('npm', ['start'], {
    cwd: repositoryRoot,
    detached: true,
    env: { ...shellEnv, LOCAL_STATE_DIR: options.stateDir, SOURCE_DATA_DIR: options.sourceDataDir, PORT: String(port), ...options.env },
  });
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  return new Promise<Started>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no keys within 300 s:\n${output}`)), 300_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/live key: \S+|--mode live --admin/.test(output)) {
        clearTimeout(timer);
        resolve({ process: child, url: /running at (\S+)/.exec(output)![1]!, port, output });
      }
    });
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}\n${errors}`)));
  });
}

/** Stops it as Ctrl-C would, and waits for it to exit. */
export async function stopNpmStart(started: Started): Promise<void> {
  const exited = new Promise((resolve) => started.process.once('exit', resolve));
  process.kill(-started.process.pid!, 'SIGTERM');
  await exited;
}
