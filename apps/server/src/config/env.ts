import { CONVERSATION_LIMIT_DEFAULTS, RUN_LIMIT_DEFAULTS } from '@promptpair/contract';
import { z } from 'zod';
import { APP_KEY_MIN_BYTES, keyMaterialBytes, SHORT_APP_KEY_MESSAGE } from './key-material.ts';
import { DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './postgres-timeouts.ts';
import { readServicesFile, type DeclaredService } from './services-file.ts';

/** Blank strings count as unset, so `FOO=` in a .env file does not become an empty value. */
const optionalText = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().trim().optional());
const optionalUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.url({ error: 'must be a URL such as http://127.0.0.1:8080' }).optional(),
);
/** Node's timers hold at most 2^31 - 1 ms; a longer budget would fire at once instead. */
const MAX_TIMER_MS = 2_147_483_647;
const intWithDefault = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : Number(value)),
    z
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(min, { error: `must be at least ${min}` })
      .max(max, { error: `must be at most ${max}` }),
  );

/** TRUST_PROXY: false (default), true, a hop count, or a list of addresses/subnets Fastify understands. */
const trustProxy = z.preprocess((value) => {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (text === undefined || text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (typeof text === 'string' && /^\d+$/.test(text)) return Number(text);
  return value;
}, z.union([z.boolean(), z.number().int().min(0), z.string()]));

/**
 * `TRUST_PROXY=true` believes every X-Forwarded-For, whoever sends it: a client then picks its own
 * address and resets the per-address limits at will. Refused unless TRUST_PROXY_ANY=1 says that no
 * client can reach the server except through trusted proxies.
 */
const TRUST_ANY_PROXY_MESSAGE =
  'TRUST_PROXY: true trusts the X-Forwarded-For of any client, so anyone can pick their address and escape the per-address limits. ' +
  'Set the number of proxies in front of the server instead (1 for one proxy, 2 for a CDN and a proxy) or their addresses (such as 10.0.0.0/8), ' +
  'or set TRUST_PROXY_ANY=1 if no client can reach the server except through proxies you trust.';

/** A secret long enough that guessing it offline from one signed cookie is out of reach. */
const optionalAppKey = optionalText.refine((key) => key === undefined || keyMaterialBytes(key) >= APP_KEY_MIN_BYTES, { error: SHORT_APP_KEY_MESSAGE });

/** redis://[user:password@]host:port[/db], or rediss:// for TLS. A text that is no URL at all is reported by optionalUrl. */
const optionalRedisUrl = optionalUrl.refine((value) => value === undefined || !URL.canParse(value) || /^rediss?:$/.test(new URL(value).protocol), {
  error: 'must start with redis:// or rediss://',
});

/** A model id as the service lists it (Gemini's without `models/`): letters, digits and . _ - only. */
const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const modelId = optionalText.transform((id) => id?.replace(/^models\//, '')).refine((id) => id === undefined || MODEL_ID.test(id), {
  error: 'must be one model id as the service lists it, such as gpt-5-mini or gemini-3-flash-preview',
});
/** A comma list of model ids; blank: the page's offer. */
const modelList = optionalText
  .transform((text) => (text === undefined ? undefined : text.split(',').map((id) => id.trim().replace(/^models\//, '')).filter((id) => id !== '')))
  .refine((ids) => ids === undefined || ids.every((id) => MODEL_ID.test(id)), {
    error: 'must be model ids separated by commas, such as gpt-5-mini,gpt-5.1',
  });

const EnvSchema = z.object({
  PORT: intWithDefault(3000, 0, 65_535),
  HOST: optionalText.default('0.0.0.0'),
  DATA_DIR: optionalText.default('./data'),
  DATABASE_URL: optionalText,
  DATABASE_CONNECT_TIMEOUT_MS: intWithDefault(DEFAULT_POSTGRES_TIMEOUTS.connectMs, 100, MAX_TIMER_MS),
  DATABASE_QUERY_TIMEOUT_MS: intWithDefault(DEFAULT_POSTGRES_TIMEOUTS.queryMs, 0, MAX_TIMER_MS),
  DATABASE_IDLE_TIMEOUT_MS: intWithDefault(DEFAULT_POSTGRES_TIMEOUTS.idleMs, 0, MAX_TIMER_MS),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl,
  GOOGLE_API_KEY: optionalText,
  GEMINI_API_KEY: optionalText,
  GOOGLE_BASE_URL: optionalUrl,
  ANTHROPIC_API_KEY: optionalText,
  ANTHROPIC_BASE_URL: optionalUrl,
  SERVICES_FILE: optionalText,
  FREE_PROMPTS: intWithDefault(5, 0),
  FREE_PROMPTS_PER_IP: intWithDefault(50, 0),
  TRUST_PROXY: trustProxy,
  TRUST_PROXY_ANY: optionalText.pipe(z.enum(['0', '1'], { error: 'must be 1 or 0' }).optional()),
  UPSTREAM_TIMEOUT_MS: intWithDefault(60_000, 100, MAX_TIMER_MS),
  UPSTREAM_MAX_RESPONSE_BYTES: intWithDefault(4 * 1024 * 1024, 1024),
  APP_KEY: optionalAppKey,
  APP_KEY_PREVIOUS: optionalAppKey,
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: optionalText,
  CONTACT_EMAIL_TO: optionalText,
  PAYMENT_URL: optionalUrl,
  BATCH_CONCURRENCY: intWithDefault(4, 1),
  BATCH_RUNS_PER_IP: intWithDefault(RUN_LIMIT_DEFAULTS.runsPerIp, 0),
  BATCH_RUNS_TOTAL: intWithDefault(RUN_LIMIT_DEFAULTS.runsTotal, 0),
  BATCH_UPLOADS_PER_IP_PER_HOUR: intWithDefault(RUN_LIMIT_DEFAULTS.uploadsPerIpPerHour, 0),
  BATCH_QUEUED_PROMPTS_PER_IP: intWithDefault(RUN_LIMIT_DEFAULTS.queuedPromptsPerIp, 0),
  CONVERSATION_MAX_TURNS: intWithDefault(CONVERSATION_LIMIT_DEFAULTS.maxTurns, 1),
  CONVERSATION_MAX_CHARS: intWithDefault(CONVERSATION_LIMIT_DEFAULTS.maxHistoryChars, 1),
  REDIS_URL: optionalRedisUrl,
  REDIS_KEY_PREFIX: optionalText.default('promptpair:'),
  RATE_LIMITS: z.enum(['on', 'visitor', 'off'], { error: 'must be on, visitor or off' }).default('on'),
  SHUTDOWN_GRACE_MS: intWithDefault(25_000, 0, MAX_TIMER_MS),
  PRICES_FILE: optionalText,
  DEFAULT_MODEL_OPENAI: modelId,
  DEFAULT_MODEL_GOOGLE: modelId,
  OFFERED_MODELS_OPENAI: modelList,
  OFFERED_MODELS_GOOGLE: modelList,
});

/** Every variable the server reads; each is documented in .env.example and the README's table. */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape);

export const REAL_UPSTREAMS = {
  openaiBaseUrl: 'https://api.openai.com/v1',
  googleBaseUrl: 'https://generativelanguage.googleapis.com',
  /** Without /v1: @anthropic-ai/sdk adds /v1/messages itself. */
  anthropicBaseUrl: 'https://api.anthropic.com',
} as const;

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL's connect, statement and idle timeouts (db/pg-pool.ts). */
  databaseTimeouts: PostgresTimeouts;
  openai: { apiKey: string | undefined; baseUrl: string | undefined };
  google: { apiKey: string | undefined; baseUrl: string | undefined };
  /** Claude (kind anthropic): offered when either is set, or in demo mode from the simulator. */
  anthropic: { apiKey: string | undefined; baseUrl: string | undefined };
  /** OpenAI-compatible services declared in SERVICES_FILE (config/services-file.ts). */
  declaredServices: DeclaredService[];
  freePrompts: number;
  freePromptsPerIp: number;
  trustProxy: boolean | number | string;
  upstreamTimeoutMs: number;
  /** Most bytes read of one upstream answer; more is cut off with a note (docs/decisions.md). */
  upstreamMaxResponseBytes: number;
  appKey: string | undefined;
  /** The APP_KEY before a rotation: still accepted for reading (SECURITY.md, "Rotating APP_KEY"). */
  appKeyPrevious: string | undefined;
  publicUrl: string | undefined;
  logLevel: string;
  smtpUrl: string | undefined;
  contactEmailTo: string | undefined;
  paymentUrl: string | undefined;
  batchConcurrency: number;
  /** Limits on prompt-list runs (docs/decisions.md, "Prompt-list runs: limits per address"); 0 = no limit. */
  runLimits: RunLimits;
  /** How long a conversation may grow (docs/decisions.md, "Conversations"). */
  conversationLimits: { maxTurns: number; maxHistoryChars: number };
  /** Rate limits are counted here when set (shared by every instance), else in each process. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** `visitor` keeps the per-visitor limits and drops the per-IP ones. */
  rateLimits: 'on' | 'visitor' | 'off';
  /** After SIGTERM, how long requests in flight may take before their connections are cut. */
  shutdownGraceMs: number;
  /** A JSON file of model prices merged over the built-in catalogs' prices (services/prices.ts). */
  pricesFile: string | undefined;
  /** The operator's choice of default and offered models per service (docs/keeping-models-current.md). */
  models: { openai: OperatorModelChoice; google: OperatorModelChoice };
}

export interface OperatorModelChoice {
  defaultModel: string | undefined;
  /** Undefined: the models the page offers from the service's list. */
  offered: string[] | undefined;
}

export interface RunLimits {
  runsPerIp: number;
  runsTotal: number;
  uploadsPerIpPerHour: number;
  queuedPromptsPerIp: number;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Validates the whole environment at once and reports every bad variable together. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // Checked on the raw values, so it is reported together with any other problem.
  if (source.TRUST_PROXY?.trim().toLowerCase() === 'true' && source.TRUST_PROXY_ANY?.trim() !== '1') problems.push(TRUST_ANY_PROXY_MESSAGE);
  problems.push(...defaultOutsideOffer(source));
  // Read even when another variable is wrong, so one start reports every problem.
  const servicesFile = parsed.success ? parsed.data.SERVICES_FILE : source.SERVICES_FILE?.trim() || undefined;
  const declared = servicesFile ? readServicesFile(servicesFile, source) : { services: [], problems: [] };
  problems.push(...declared.problems);
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS, queryMs: e.DATABASE_QUERY_TIMEOUT_MS, idleMs: e.DATABASE_IDLE_TIMEOUT_MS },
    openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL?.replace(/\/+$/, '') },
    google: { apiKey: e.GOOGLE_API_KEY ?? e.GEMINI_API_KEY, baseUrl: e.GOOGLE_BASE_URL?.replace(/\/+$/, '') },
    anthropic: { apiKey: e.ANTHROPIC_API_KEY, baseUrl: e.ANTHROPIC_BASE_URL?.replace(/\/+$/, '') },
    declaredServices: declared.services,
    freePrompts: e.FREE_PROMPTS,
    freePromptsPerIp: e.FREE_PROMPTS_PER_IP,
    trustProxy: e.TRUST_PROXY,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    upstreamMaxResponseBytes: e.UPSTREAM_MAX_RESPONSE_BYTES,
    appKey: e.APP_KEY,
    appKeyPrevious: e.APP_KEY_PREVIOUS,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    contactEmailTo: e.CONTACT_EMAIL_TO,
    paymentUrl: e.PAYMENT_URL,
    batchConcurrency: e.BATCH_CONCURRENCY,
    runLimits: {
      runsPerIp: e.BATCH_RUNS_PER_IP,
      runsTotal: e.BATCH_RUNS_TOTAL,
      uploadsPerIpPerHour: e.BATCH_UPLOADS_PER_IP_PER_HOUR,
      queuedPromptsPerIp: e.BATCH_QUEUED_PROMPTS_PER_IP,
    },
    conversationLimits: { maxTurns: e.CONVERSATION_MAX_TURNS, maxHistoryChars: e.CONVERSATION_MAX_CHARS },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    rateLimits: e.RATE_LIMITS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    pricesFile: e.PRICES_FILE,
    models: {
      openai: { defaultModel: e.DEFAULT_MODEL_OPENAI, offered: e.OFFERED_MODELS_OPENAI },
      google: { defaultModel: e.DEFAULT_MODEL_GOOGLE, offered: e.OFFERED_MODELS_GOOGLE },
    },
  };
}

/** A default the operator's own offer leaves out could never be sent on a free prompt: refused at start. */
function defaultOutsideOffer(source: Record<string, string | undefined>): string[] {
  const id = (text: string) => text.trim().replace(/^models\//, '');
  return (['OPENAI', 'GOOGLE'] as const).flatMap((service) => {
    // Read raw, so this is reported together with any other problem.
    const model = source[`DEFAULT_MODEL_${service}`]?.trim() ? id(source[`DEFAULT_MODEL_${service}`]!) : undefined;
    const offered = source[`OFFERED_MODELS_${service}`]?.split(',').map(id).filter((each) => each !== '');
    return model !== undefined && offered !== undefined && offered.length > 0 && !offered.includes(model)
      ? [`DEFAULT_MODEL_${service}: ${model} is not in OFFERED_MODELS_${service} (${offered.join(', ')}); add it there or pick one of those`]
      : [];
  });
}

/**
 * Demo mode: no service has a key or an address and none is declared, so a fresh machine answers
 * from the simulator (every built-in service and the simulator's compatible ones).
 */
export function isDemo(env: Pick<Env, 'openai' | 'google' | 'anthropic' | 'declaredServices'>): boolean {
  const configured = [env.openai, env.google, env.anthropic].some((service) => service.apiKey || service.baseUrl);
  return !configured && env.declaredServices.length === 0;
}
