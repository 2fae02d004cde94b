// The service kinds: one wire format and SDK each. This list is the only one; the server's
// registry (upstreams/registry.ts) has one entry per kind and a test walks both.
import { ANTHROPIC_SETTINGS } from './anthropic.ts';
import { GOOGLE_SETTINGS } from './google.ts';
import { OPENAI_SETTINGS } from './openai.ts';
import type { SettingDescriptor } from './setting-descriptors.ts';

export const SERVICE_KINDS = ['openai', 'google', 'anthropic', 'openai-compatible'] as const;
export type TServiceKind = (typeof SERVICE_KINDS)[number];

/**
 * What each kind's settings panel shows. An OpenAI-compatible service speaks OpenAI's format, so it
 * offers OpenAI's settings, narrowed to the ones it declares it accepts.
 */
export const KIND_SETTINGS: Readonly<Record<TServiceKind, readonly SettingDescriptor[]>> = {
  openai: OPENAI_SETTINGS,
  google: GOOGLE_SETTINGS,
  anthropic: ANTHROPIC_SETTINGS,
  'openai-compatible': OPENAI_SETTINGS,
};

/** Service ids: a path segment and a column value, as an operator writes them in SERVICES_FILE. */
export const SERVICE_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{0,39}$/;
