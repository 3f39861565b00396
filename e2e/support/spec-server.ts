/**
 * A server of a spec's own (support/start-*-server.ts) as a child process: started with the spec's
 * settings, ready once /api/health answers, stopped with SIGTERM (main.ts closes PGlite on it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = resolve(e2eRoot, '../node_modules/.bin/tsx');
/** The start (migrations, seed) on a loaded 2-core machine; not a timing test. */
const START_TIMEOUT_MS = 150_000;

export async function startSpecServer(options: { name: string; script: string; port: number; env: Record<string, string> }): Promise<ChildProcess> {
  const child = spawn(tsx, [options.script], {
    cwd: e2eRoot,
    env: { ...process.env, ...options.env, PORT: String(options.port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The ${options.name} server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${options.port}/api/health`);
      if (response.ok) return child;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`The ${options.name} server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

export async function stopSpecServer(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
}
