import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = resolve(serverRoot, 'src/main.ts');

/** A port nobody listens on right now (the OS picks it; it is released before the server takes it). */
export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  /** Everything the process printed, for a failure message. */
  readonly output: string;
  /** The server's own process id (node itself, not a launcher), e.g. for /proc/<pid>/status. */
  readonly pid: number;
  stop(): Promise<void>;
  /** Ends the server at once with SIGKILL, as a crash or the OOM killer would; resolves once it has gone. */
  kill(): Promise<void>;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveExit(true);
    });
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, readOutput: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server process exited with code ${child.exitCode}:\n${readOutput()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`The server at ${baseUrl} was not healthy after ${timeoutMs} ms:\n${readOutput()}`);
}

export interface SpawnedServerProcess extends ServerProcess {
  /** Resolves when something the process printed matches (e.g. a log line of the demo seed). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves once /api/health answers. */
  waitUntilHealthy(timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code (null after a signal) once the process has ended. */
  waitForExit(timeoutMs?: number): Promise<number | null>;
}

/**
 * Starts `node --import tsx src/main.ts` (the real entry point) with `env` on a free port, without
 * waiting for it: for a test that acts while the server is still starting (kills it during the demo
 * seed) or expects it to refuse to start. Node itself, not the `tsx` launcher: the launcher runs the
 * server in a child process, so a SIGKILL sent to it would leave the server running.
 */
export async function spawnServerProcess(env: NodeJS.ProcessEnv): Promise<SpawnedServerProcess> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The test runner's own variables (VITEST, NODE_OPTIONS hooks...) are not the server's business.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_OPTIONS'));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: serverRoot,
    env: { SEED_DEMO: 'false', ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const outputListeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of outputListeners) listener();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  async function stop() {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 10_000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  }

  async function kill() {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await waitForExit(child, 10_000);
  }

  function waitForOutput(pattern: RegExp, timeoutMs = 60_000): Promise<void> {
    return new Promise((resolveMatch, reject) => {
      const finish = (error?: Error) => {
        clearTimeout(timer);
        outputListeners.delete(check);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolveMatch();
      };
      const check = () => {
        if (pattern.test(output)) finish();
      };
      const onExit = () => finish(new Error(`The server process exited before printing ${pattern}:\n${output}`));
      const timer = setTimeout(() => finish(new Error(`The server process did not print ${pattern} within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      outputListeners.add(check);
      child.once('exit', onExit);
      check();
      if (child.exitCode !== null || child.signalCode !== null) onExit();
    });
  }

  async function waitForExitCode(timeoutMs = 60_000): Promise<number | null> {
    if (!(await waitForExit(child, timeoutMs))) throw new Error(`The server process was still running after ${timeoutMs} ms:\n${output}`);
    return child.exitCode;
  }

  return {
    baseUrl,
    get output() {
      return output;
    },
    pid: child.pid ?? 0,
    stop,
    kill,
    waitForOutput,
    waitUntilHealthy: (timeoutMs = 60_000) => waitUntilHealthy(baseUrl, child, () => output, timeoutMs),
    waitForExit: waitForExitCode,
  };
}

/** Starts the real entry point with `env` on a free port (see spawnServerProcess) and waits for /api/health. */
export async function startServerProcess(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<ServerProcess> {
  const server = await spawnServerProcess(env);
  try {
    await server.waitUntilHealthy(timeoutMs);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
