import { describe, expect, it } from 'vitest';
import { SPEC_KEY_SERVICES } from './schemas/service-keys.ts';
import { SPEC_LOG_SIDES } from './schemas/log.ts';
import { SPEC_PAIR_NAMES } from './side-names.ts';
import { bySides, RESULT_KEY_OF_SIDE, SPEC_PAIR } from './sides.ts';

describe('the spec’s pair', () => {
  it('is ChatGPT on side a and Palm API on side b, under the spec’s request and answer keys', () => {
    expect(SPEC_PAIR.a).toEqual({ service: 'chatgpt', kind: 'openai', resultKey: 'chatGPT', requestKey: 'chatGPT', name: 'ChatGPT' });
    expect(SPEC_PAIR.b).toEqual({ service: 'palm', kind: 'google', resultKey: 'palmAPI', requestKey: 'bardAPI', name: 'Palm API' });
  });

  it('is what the answer keys, titles, log sides and saved keys say of it', () => {
    expect(RESULT_KEY_OF_SIDE).toEqual({ a: 'chatGPT', b: 'palmAPI' });
    expect(SPEC_PAIR_NAMES).toEqual({ a: 'ChatGPT', b: 'Palm API' });
    expect(SPEC_LOG_SIDES).toEqual({ a: { service: 'chatgpt', kind: 'openai', model: null }, b: { service: 'palm', kind: 'google', model: null } });
    expect(SPEC_KEY_SERVICES).toEqual(['chatgpt', 'palm']);
    expect(bySides((side) => side.toUpperCase())).toEqual({ a: 'A', b: 'B' });
  });
});
