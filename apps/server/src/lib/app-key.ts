import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const KEY_FILE = 'app-key';

/**
 * The secret behind cookie signatures and key encryption. Taken from APP_KEY when set; otherwise
 * generated once into DATA_DIR (the folder 0700, the file 0600) so restarts keep cookies and saved keys readable.
 */
export async function resolveAppKey(appKey: string | undefined, dataDir: string): Promise<string> {
  if (appKey) return appKey;
  const file = join(dataDir, KEY_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const generated = randomBytes(32).toString('base64url');
  // 'wx' fails if another instance wrote the file first; then that one's key wins.
  try {
    await writeFile(file, generated + '\n', { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readWrittenKey(file);
  }
}

/**
 * The key another instance is writing: its file exists from the moment it is opened, so it may
 * still be empty for a moment. An empty key would sign cookies with a secret anyone knows, so a
 * file that stays empty (a crash while writing it) stops the start instead.
 */
async function readWrittenKey(file: string, attempts = 20): Promise<string> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const key = (await readFile(file, 'utf8')).trim();
    if (key) return key;
    await sleep(50);
  }
  throw new Error(`${file} is empty. Delete it to have a new app key generated (saved API keys then become unreadable), or set APP_KEY.`);
}
