import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, EnvError, isDemo, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('has the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: './data', freePrompts: 5, freePromptsPerIp: 50, trustProxy: false, upstreamTimeoutMs: 60_000 });
    expect(isDemo(env)).toBe(true);
  });

  it('reads the operator\'s default and offered models, and reports bad ones together with the rest', () => {
    const env = parseEnv({ DEFAULT_MODEL_GOOGLE: 'models/gemini-3-pro-preview', OFFERED_MODELS_OPENAI: ' gpt-5-mini, o3 ,', OFFERED_MODELS_GOOGLE: '' });
    expect(env.models).toEqual({
      openai: { defaultModel: undefined, offered: ['gpt-5-mini', 'o3'] },
      google: { defaultModel: 'gemini-3-pro-preview', offered: undefined },
    });
    try {
      parseEnv({ PORT: 'abc', DEFAULT_MODEL_OPENAI: 'gpt-5.1', OFFERED_MODELS_OPENAI: 'gpt-5-mini', OFFERED_MODELS_GOOGLE: 'gemini 3; drop', DEFAULT_MODEL_GOOGLE: 'tunedModels/x' });
      expect.unreachable();
    } catch (error) {
      expect((error as EnvError).problems).toEqual(expect.arrayContaining([
        'OFFERED_MODELS_GOOGLE: must be model ids separated by commas, such as gpt-5-mini,gpt-5.1',
        'DEFAULT_MODEL_GOOGLE: must be one model id as the service lists it, such as gpt-5-mini or gemini-3-flash-preview',
        'DEFAULT_MODEL_OPENAI: gpt-5.1 is not in OFFERED_MODELS_OPENAI (gpt-5-mini); add it there or pick one of those',
        expect.stringMatching(/^PORT: /),
      ]));
    }
  });

  it('reports every bad variable together', () => {
    try {
      parseEnv({ PORT: 'abc', FREE_PROMPTS: '-1', OPENAI_BASE_URL: 'not a url', UPSTREAM_TIMEOUT_MS: '5' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems.join('\n');
      for (const name of ['PORT', 'FREE_PROMPTS', 'OPENAI_BASE_URL', 'UPSTREAM_TIMEOUT_MS']) expect(problems).toContain(name);
    }
  });

  it('refuses a port past 65535 and an upstream budget longer than a timer can wait (it would fire at once)', () => {
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT: must be at most 65535/);
    expect(() => parseEnv({ UPSTREAM_TIMEOUT_MS: '3000000000' })).toThrow(/UPSTREAM_TIMEOUT_MS: must be at most 2147483647/);
    expect(parseEnv({ UPSTREAM_TIMEOUT_MS: '2147483647' }).upstreamTimeoutMs).toBe(2_147_483_647);
  });

  it('accepts GEMINI_API_KEY for Google, treats blanks as unset and trims trailing slashes', () => {
    const env = parseEnv({ GEMINI_API_KEY: 'g', OPENAI_API_KEY: '  ', GOOGLE_BASE_URL: 'http://127.0.0.1:9/' });
    expect(env.google).toEqual({ apiKey: 'g', baseUrl: 'http://127.0.0.1:9' });
    expect(env.openai.apiKey).toBeUndefined();
    expect(isDemo(env)).toBe(false);
  });

  it('reads TRUST_PROXY as a hop count, an address list, or off', () => {
    expect(parseEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(parseEnv({ TRUST_PROXY: 'False' }).trustProxy).toBe(false);
  });

  it('refuses TRUST_PROXY=true, with what to set instead, together with the other problems', () => {
    for (const value of ['true', 'TRUE', ' true ']) {
      try {
        parseEnv({ TRUST_PROXY: value, PORT: 'x' });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        expect((error as EnvError).problems).toEqual([
          'PORT: must be a whole number',
          'TRUST_PROXY: true trusts the X-Forwarded-For of any client, so anyone can pick their address and escape the per-address limits. ' +
            'Set the number of proxies in front of the server instead (1 for one proxy, 2 for a CDN and a proxy) or their addresses (such as 10.0.0.0/8), ' +
            'or set TRUST_PROXY_ANY=1 if no client can reach the server except through proxies you trust.',
        ]);
      }
    }
    expect(() => parseEnv({ TRUST_PROXY: 'true', TRUST_PROXY_ANY: '0' })).toThrow(/TRUST_PROXY: true trusts/);
  });

  it('takes TRUST_PROXY=true when TRUST_PROXY_ANY=1 says the operator means it', () => {
    expect(parseEnv({ TRUST_PROXY: 'true', TRUST_PROXY_ANY: '1' }).trustProxy).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '1', TRUST_PROXY_ANY: '' }).trustProxy).toBe(1);
    expect(() => parseEnv({ TRUST_PROXY: 'true', TRUST_PROXY_ANY: 'yes' })).toThrow(/TRUST_PROXY_ANY: must be 1 or 0/);
  });

  it('refuses an APP_KEY or APP_KEY_PREVIOUS under 32 bytes of key material, saying how to make one', () => {
    const tooShort = `is too short: it must carry at least 32 bytes of key material (64 hex characters, 43 base64 characters, or 32 bytes of other text); make one with \`openssl rand -hex 32\``;
    try {
      parseEnv({ APP_KEY: 'f'.repeat(62), APP_KEY_PREVIOUS: 'secret' });
      expect.unreachable();
    } catch (error) {
      expect((error as EnvError).problems).toEqual([`APP_KEY: ${tooShort}`, `APP_KEY_PREVIOUS: ${tooShort}`]);
      expect((error as EnvError).message).toBe(`Invalid configuration:\n  - APP_KEY: ${tooShort}\n  - APP_KEY_PREVIOUS: ${tooShort}`);
    }
    const hex = 'c0ffee'.repeat(10) + 'abcd';
    expect(parseEnv({ APP_KEY: hex, APP_KEY_PREVIOUS: hex.toUpperCase() })).toMatchObject({ appKey: hex, appKeyPrevious: hex.toUpperCase() });
  });

  it('defaults the production settings: no Redis, limits on, 25 s of grace', () => {
    expect(parseEnv({})).toMatchObject({ redisUrl: undefined, redisKeyPrefix: 'promptpair:', rateLimits: 'on', shutdownGraceMs: 25_000 });
    const env = parseEnv({ REDIS_URL: 'rediss://user:pw@cache:6380/2', REDIS_KEY_PREFIX: 'site-b:', RATE_LIMITS: 'visitor', SHUTDOWN_GRACE_MS: '0' });
    expect(env).toMatchObject({ redisUrl: 'rediss://user:pw@cache:6380/2', redisKeyPrefix: 'site-b:', rateLimits: 'visitor', shutdownGraceMs: 0 });
  });

  it('defaults the limits of prompt-list runs, reads each, and takes 0 for no limit', () => {
    expect(parseEnv({}).runLimits).toEqual({ runsPerIp: 1, runsTotal: 10, uploadsPerIpPerHour: 20, queuedPromptsPerIp: 10_000 });
    const env = parseEnv({ BATCH_RUNS_PER_IP: '3', BATCH_RUNS_TOTAL: '0', BATCH_UPLOADS_PER_IP_PER_HOUR: '5', BATCH_QUEUED_PROMPTS_PER_IP: '25000' });
    expect(env.runLimits).toEqual({ runsPerIp: 3, runsTotal: 0, uploadsPerIpPerHour: 5, queuedPromptsPerIp: 25_000 });
    expect(() => parseEnv({ BATCH_RUNS_PER_IP: '-1', BATCH_QUEUED_PROMPTS_PER_IP: 'many' })).toThrow(/BATCH_RUNS_PER_IP: must be at least 0[\s\S]*BATCH_QUEUED_PROMPTS_PER_IP: must be a whole number/);
  });

  it('reports bad production settings together with the rest', () => {
    try {
      parseEnv({ REDIS_URL: 'http://cache:6379', RATE_LIMITS: 'sometimes', SHUTDOWN_GRACE_MS: '-1', PORT: 'x' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as EnvError).problems;
      expect(problems).toEqual(
        expect.arrayContaining([
          'REDIS_URL: must start with redis:// or rediss://',
          'RATE_LIMITS: must be on, visitor or off',
          'SHUTDOWN_GRACE_MS: must be at least 0',
          'PORT: must be a whole number',
        ]),
      );
    }
    expect(() => parseEnv({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL: must be a URL/);
  });
});

describe('the documentation of the environment', () => {
  const root = new URL('../../../../', import.meta.url);
  // .env.example: set, commented out, or named in a comment; README: in a row of a table.
  const inEnvExample = (name: string) => new RegExp(`\\b${name}\\b`);
  const inReadmeTable = (name: string) => new RegExp(`^\\|[^\\n]*\`${name}\``, 'm');
  it.each([['.env.example', inEnvExample], ['README.md', inReadmeTable]])(
    '%s names every variable the server reads',
    (file, mention) => {
      const text = readFileSync(new URL(file, root), 'utf8');
      expect(ENV_VARIABLES.filter((name) => !mention(name).test(text))).toEqual([]);
    },
  );
});
