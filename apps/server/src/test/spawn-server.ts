import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The real entry point, as `npm run serve:ts` runs it. */
const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the signal or exit code the process ended with. */
  exited: Promise<string>;
  /** Everything the process wrote so far (its JSON log lines, errors). */
  output(): string;
}

/**
 * Starts a real server process (`node --import tsx src/server.ts`, or `command` when given) on a
 * free loopback port and resolves once it serves. `env` is added to this process's environment.
 */
export function spawnServer(env: Record<string, string>, command: readonly string[] = ['--import', 'tsx', SERVER_ENTRY]): Promise<ServerProcess> {
  const child = spawn(process.execPath, command, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', TRUST_PROXY: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PromptPair is serving (http:\/\/[^\s"]+)/.exec(output);
      if (match?.[1]) resolve({ url: match[1], child, exited, output: () => output });
    });
    void exited.then((how) => reject(new Error(`server process ended (${how}) before listening:\n${output}`)));
  });
}
