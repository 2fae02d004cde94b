import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('loads once, however many ask at once or later', async () => {
    let loads = 0;
    const get = loadOnce(async () => ({ n: ++loads }));
    const [first, second] = await Promise.all([get(), get()]);
    expect(first).toBe(second);
    expect(await get()).toBe(first);
    expect(loads).toBe(1);
  });

  it('tries again after a load that failed, and keeps the one that worked', async () => {
    let loads = 0;
    const get = loadOnce(async () => {
      loads++;
      if (loads === 1) throw new Error('not yet');
      return loads;
    });
    await expect(get()).rejects.toThrow('not yet');
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
    expect(loads).toBe(2);
  });
});
