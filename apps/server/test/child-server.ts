import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server as `npm start` runs it (the bundle of server-bundle.ts) in a child process, for the
 * tests that kill it (kill -9 mid-way, then a restart on the same data).
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ChildServer {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Where it listens, as its start-up banner says. */
  url: string;
}

/**
 * Starts the bundle with `env` over this process's environment (development mode, port 0 on
 * loopback, warnings only, unless `env` says otherwise); resolves once it listens, fails with
 * its output if it exits first or is not listening after `timeoutMs`.
 */
export async function startChildServer(
  bundle: string,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ChildServer> {
  const child = spawn(process.execPath, [bundle], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: ChildServer = { child, output: () => output, url: '' };
  await until(
    () => /running at (http:\/\/\S+)/.test(output),
    timeoutMs,
    () => 'the server to listen',
    server,
  );
  server.url = /running at (http:\/\/\S+)/.exec(output)![1]!;
  return server;
}

/**
 * Waits for `check`; fails at once when `server` exits, and at the timeout (killing the
 * server) with what `waitingFor` says and the server's output.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  waitingFor: () => string | Promise<string>,
  server: ChildServer | null,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (server && exited(server.child)) {
      const { exitCode, signalCode } = server.child;
      throw new Error(`the server exited (${exitCode ?? signalCode}):\n${server.output()}`);
    }
    if (Date.now() > deadline) {
      await stopChild(server, 'SIGKILL');
      throw new Error(`timed out waiting for ${await waitingFor()}\n${server?.output() ?? ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Sends `signal` (SIGKILL is kill -9) and waits for the process to end. */
export async function stopChild(server: ChildServer | null, signal: NodeJS.Signals) {
  if (!server || exited(server.child)) return;
  const ended = new Promise((r) => server.child.once('exit', r));
  server.child.kill(signal);
  await ended;
}
