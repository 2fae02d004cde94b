import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, isDemo, parseEnv } from './env.ts';

const dir = mkdtempSync(join(tmpdir(), 'promptpair-services-'));
const fileWith = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const problemsOf = (source: Record<string, string>) => {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).problems;
  }
  return expect.unreachable('the configuration was accepted');
};

const ROUTER = { id: 'router', name: 'Model Router', baseUrl: 'https://router.example/api/v1/', apiKeyEnv: 'ROUTER_KEY', models: ['meta-llama/llama-3.3-70b-instruct', 'qwen/qwen3-32b'] };

describe('SERVICES_FILE', () => {
  it('declares OpenAI-compatible services with their key from the named variable, prices, context windows and accepted settings', () => {
    const price = { inputPerMTok: 0.1, outputPerMTok: 0.3, takenOn: '2026-11-01', source: 'the router’s price page' };
    const file = fileWith('ok.json', [{ ...ROUTER, prices: { 'qwen/qwen3-32b': price }, contextTokens: { 'qwen/qwen3-32b': 40_960 }, settings: ['temperature', 'maxLength'] }, { id: 'local', name: 'Local', baseUrl: 'http://127.0.0.1:11434/v1', models: ['llama3.3:70b'] }]);
    const env = parseEnv({ SERVICES_FILE: file, ROUTER_KEY: ' rk-1 ' });
    expect(env.declaredServices).toEqual([
      { id: 'router', name: 'Model Router', baseUrl: 'https://router.example/api/v1', apiKey: 'rk-1', models: ROUTER.models, prices: { 'qwen/qwen3-32b': price }, contextTokens: { 'qwen/qwen3-32b': 40_960 }, settings: ['temperature', 'maxLength'] },
      { id: 'local', name: 'Local', baseUrl: 'http://127.0.0.1:11434/v1', apiKey: undefined, models: ['llama3.3:70b'], prices: {}, contextTokens: {}, settings: ['temperature', 'top_p', 'frequencyPenalty', 'presencePenalty', 'maxLength'] },
    ]);
    // A declared service is a configured one: no demo.
    expect(isDemo(env)).toBe(false);
  });

  it('reports every problem of every entry together, with the other variables’ problems', () => {
    const file = fileWith('bad.json', [
      { ...ROUTER, id: 'Router!', apiKeyEnv: 'UNSET_KEY' },
      { ...ROUTER, id: 'claude', baseUrl: 'not a url', models: [] },
      { ...ROUTER, settings: ['temperature', 'topK'], prices: { x: { inputPerMTok: -1 } } },
      { ...ROUTER, id: 'windows', contextTokens: { 'qwen/qwen3-32b': 0 } },
    ]);
    const problems = problemsOf({ SERVICES_FILE: file, PORT: 'abc' });
    expect(problems).toContain('PORT: must be a whole number');
    expect(problems).toEqual(expect.arrayContaining([
      `SERVICES_FILE: ${file} → 0 → id: id must be 1 to 40 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit`,
      `SERVICES_FILE: ${file} → 1 → id: id cannot be one of the built-in services (chatgpt, palm, claude)`,
      `SERVICES_FILE: ${file} → 1 → baseUrl: baseUrl must be a URL such as https://example.com/v1`,
      `SERVICES_FILE: ${file} → 1 → models: models must name at least one model`,
      `SERVICES_FILE: ${file} → 2 → settings → 1: each setting must be one of temperature, top_p, frequencyPenalty, presencePenalty, maxLength`,
      `SERVICES_FILE: ${file} → 2 → prices → x → inputPerMTok: inputPerMTok cannot be negative.`,
      `SERVICES_FILE: ${file} → 3 → contextTokens → qwen/qwen3-32b: each context window must be more than 0 tokens`,
    ]));
    const unlisted = fileWith('unlisted.json', [{ ...ROUTER, contextTokens: { 'gpt-4o': 128_000 } }]);
    expect(problemsOf({ SERVICES_FILE: unlisted, ROUTER_KEY: 'k' })).toEqual([`SERVICES_FILE: ${unlisted} → 0 → contextTokens: "gpt-4o" is not one of its models`]);
  });

  it('names a key variable that is not set, and an id declared twice', () => {
    const file = fileWith('twice.json', [ROUTER, ROUTER]);
    expect(problemsOf({ SERVICES_FILE: file, ROUTER_KEY: 'k' })).toEqual([`SERVICES_FILE: ${file} → 1 → id: "router" is declared twice`]);
    expect(problemsOf({ SERVICES_FILE: fileWith('one.json', [ROUTER]) })).toEqual([`SERVICES_FILE: ${join(dir, 'one.json')} → 0 → apiKeyEnv: ROUTER_KEY is not set`]);
  });

  it('says when the file cannot be read or is not a JSON list', () => {
    expect(problemsOf({ SERVICES_FILE: join(dir, 'missing.json') })).toEqual([`SERVICES_FILE: cannot read ${join(dir, 'missing.json')} (ENOENT)`]);
    const notJson = fileWith('not.json', '{ nope');
    expect(problemsOf({ SERVICES_FILE: notJson })).toEqual([`SERVICES_FILE: ${notJson} is not valid JSON`]);
    const notList = fileWith('object.json', { id: 'router' });
    expect(problemsOf({ SERVICES_FILE: notList })).toEqual([`SERVICES_FILE: ${notList}: must hold a JSON list of services`]);
  });
});

describe('ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL', () => {
  it('work as the OpenAI and Google variables do: blanks unset, trailing slashes trimmed, either one ends demo mode', () => {
    const env = parseEnv({ ANTHROPIC_API_KEY: 'sk-ant-1', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/anthropic/' });
    expect(env.anthropic).toEqual({ apiKey: 'sk-ant-1', baseUrl: 'http://127.0.0.1:9/anthropic' });
    expect(isDemo(env)).toBe(false);
    expect(parseEnv({ ANTHROPIC_API_KEY: ' ' }).anthropic.apiKey).toBeUndefined();
    expect(problemsOf({ ANTHROPIC_BASE_URL: 'nope' })).toEqual(['ANTHROPIC_BASE_URL: must be a URL such as http://127.0.0.1:8080']);
  });
});
