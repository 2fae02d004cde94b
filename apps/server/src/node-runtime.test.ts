// The Node the product is built, tested and shipped on (docs/decisions.md, "Node 24 from the
// node devDependency"): every npm script, and so every test, runs the root's pinned `node`
// package, whatever Node the machine has; better-sqlite3 loads its Node-API binary under it.
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

const root = (name: string) => readFileSync(new URL(`../../../${name}`, import.meta.url), 'utf8');
const rootManifest = JSON.parse(root('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> };
const major = (version: string) => Number(/(\d+)/.exec(version)?.[1]);

describe('the Node that runs the tests', () => {
  it('is the major of the node devDependency, which engines and the image name too', () => {
    const pinned = major(rootManifest.devDependencies.node ?? '');
    expect(major(process.versions.node)).toBe(pinned);
    expect(rootManifest.engines.node).toBe(`>=${pinned}`);
    expect(root('Dockerfile')).toContain(`ARG NODE_IMAGE=node:${pinned}-`);
  });

  it('loads better-sqlite3 and runs SQL with it', () => {
    const db = new Database(':memory:');
    try {
      expect(db.prepare('select 6 * 7 as answer').get()).toEqual({ answer: 42 });
    } finally {
      db.close();
    }
  });
});
