import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

const SCRIPT = 'console.log("PromptPair");\n'.repeat(200);

let server: TestServer;
let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'promptpair-web-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(join(webRoot, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
  await writeFile(join(webRoot, 'assets', 'index-abc.js'), SCRIPT);
  await writeFile(join(webRoot, 'assets', 'index-abc.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(join(webRoot, 'assets', 'index-abc.js.gz'), gzipSync(SCRIPT));
  await writeFile(join(webRoot, 'assets', 'small-abc.js'), 'export {};\n');
  server = await startTestServer({}, { webRoot });
});
afterAll(async () => {
  await server.close();
  await rm(webRoot, { recursive: true, force: true });
});

/** A raw GET (fetch would decompress and hide what was sent). */
function get(path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    request(new URL(path, server.url), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the built web app’s assets', () => {
  it('are sent as the build compressed them: brotli when accepted, else gzip, else as they are', async () => {
    const br = await get('/assets/index-abc.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.equals(brotliCompressSync(SCRIPT))).toBe(true);

    const gz = await get('/assets/index-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(gzipSync(SCRIPT))).toBe(true);

    const plain = await get('/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('a file the build left uncompressed (too small to gain) is sent as it is', async () => {
    const small = await get('/assets/small-abc.js', 'gzip, deflate, br');
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('export {};\n');
  });
});
