import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(e2eRoot, '..');

/** The data folder of the demo server that start-demo-server.ts starts (its mail is in `mail/`). */
export const DEMO_DATA_DIR = resolve(e2eRoot, '.artifacts/demo-data');

export async function isUp(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** Starts support/start-demo-server.ts (fresh data, demo seed) as a child process and waits until `baseUrl` answers. */
export async function startDemoServerProcess(baseUrl: string): Promise<ChildProcess> {
  const started = Date.now();
  const child = spawn(resolve(repoRoot, 'node_modules/.bin/tsx'), ['support/start-demo-server.ts'], { cwd: e2eRoot, stdio: ['ignore', 'inherit', 'inherit'] });
  let exited = false;
  child.once('exit', () => (exited = true));
  while (!(await isUp(baseUrl))) {
    if (exited) throw new Error('The demo server stopped before it answered (see its output above).');
    if (Date.now() - started > 600_000) throw new Error('The demo server did not answer within 10 minutes.');
    await new Promise((done) => setTimeout(done, 500));
  }
  console.log(`Demo server up in ${((Date.now() - started) / 1000).toFixed(1)} s (seed included)`);
  return child;
}

/** Stops a process started by startDemoServerProcess and waits for its exit. */
export async function stopDemoServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((done) => child.once('exit', done));
}
