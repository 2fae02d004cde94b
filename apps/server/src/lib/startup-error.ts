/**
 * A reason the server cannot start that the operator can fix, said in one plain line: server.ts
 * prints its message alone, without a stack, and exits 1.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/** "the user running PromptPair (uid 1000)": whose access a permission problem is about. */
export function runningUser(): string {
  const uid = process.getuid?.();
  return uid === undefined ? 'the user running PromptPair' : `the user running PromptPair (uid ${uid})`;
}

/** "EACCES: permission denied" from a file-system or SQLite error. */
export function shortCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  // Node's fs messages already start with their code and end with the path, named by the caller.
  const message = error.message.replace(/, \w+ '[^']*'$/, '');
  return typeof code === 'string' && !message.startsWith(code) ? `${code}: ${message}` : message;
}
