import { createHash } from 'node:crypto';

/** An APP_KEY of full length (64 hex characters) named after its use, the same on every call: instances that share one pass the same name. */
export const testAppKey = (name: string): string => createHash('sha256').update(name).digest('hex');
