import { SERVICE_KINDS } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { SERVICE_KIND_NAMES } from '../logic/settings-model.ts';
import { SIDE_PANELS } from './side-panels.ts';

describe('SIDE_PANELS', () => {
  it.each(SERVICE_KINDS)('has a settings panel for the %s kind', (kind) => {
    const panel: unknown = (SIDE_PANELS as Record<string, unknown>)[kind];
    // A component: a function, or what React.lazy returns.
    expect(typeof panel === 'function' || (typeof panel === 'object' && panel !== null && '$$typeof' in panel)).toBe(true);
  });

  it("knows the contract's kinds exactly, no more (the page's zod-free copy of SERVICE_KINDS)", () => {
    expect(Object.keys(SIDE_PANELS).sort()).toEqual([...SERVICE_KINDS].sort());
    expect([...SERVICE_KIND_NAMES]).toEqual([...SERVICE_KINDS]);
  });
});
