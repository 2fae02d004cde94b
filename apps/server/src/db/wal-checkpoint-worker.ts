// The WAL checkpointer's thread (db/wal-checkpointer.ts): its own connection to the file, and a
// PASSIVE checkpoint, which waits for no reader or writer, whenever asked. Started with none of the
// process's flags or loaders, so it is plain Node: erasable TypeScript here, JavaScript in dist/.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const port = parentPort!;
const db = new Database((workerData as { file: string }).file, { fileMustExist: true, timeout: 0 });
port.on('message', (message: unknown) => {
  if (message === 'close') {
    db.close();
    port.close();
    return;
  }
  try {
    port.postMessage((db.pragma('wal_checkpoint(PASSIVE)') as unknown[])[0]);
  } catch {
    // Another process holding the file locked: nothing copied this time.
    port.postMessage({ busy: 1, log: -1, checkpointed: -1 });
  }
});
