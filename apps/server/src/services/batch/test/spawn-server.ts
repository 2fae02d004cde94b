import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./child-server.ts', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the signal or code the process ended with. */
  exited: Promise<string>;
}

/** Starts child-server.ts as its own Node process and waits until it listens. */
export function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /LISTENING (\S+)/.exec(stdout);
      if (match?.[1]) resolve({ url: match[1], child, exited });
    });
    void exited.then((how) => reject(new Error(`server process ended (${how}) before listening:\n${stderr}`)));
  });
}
