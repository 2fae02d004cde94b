// SERVICES_FILE: the OpenAI-compatible services an operator declares (docs/ARCHITECTURE.md,
// "Services"). Read and checked at start with the rest of the environment, every problem named.
import { readFileSync } from 'node:fs';
import { OPENAI_SETTING_NAMES, SERVICE_ID_PATTERN, ZModelName, ZPriceTable, type TPriceTable } from '@promptpair/contract';
import { z } from 'zod';

/** Ids the built-in services hold; a declared service cannot take one. */
export const BUILT_IN_SERVICE_IDS = ['chatgpt', 'palm', 'claude'] as const;

const ZDeclaredService = z.object({
  id: z
    .string({ error: 'id must be text' })
    .regex(SERVICE_ID_PATTERN, { error: 'id must be 1 to 40 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit' })
    .refine((id) => !(BUILT_IN_SERVICE_IDS as readonly string[]).includes(id), { error: `id cannot be one of the built-in services (${BUILT_IN_SERVICE_IDS.join(', ')})` }),
  name: z.string({ error: 'name must be text' }).trim().min(1, { error: 'name cannot be empty' }).max(40, { error: 'name may hold at most 40 characters' }),
  baseUrl: z.url({ error: 'baseUrl must be a URL such as https://example.com/v1' }).transform((url) => url.replace(/\/+$/, '')),
  apiKeyEnv: z
    .string({ error: 'apiKeyEnv must be the name of an environment variable' })
    .regex(/^[A-Z_][A-Z0-9_]*$/, { error: 'apiKeyEnv must be the name of an environment variable, such as ROUTER_API_KEY' })
    .optional(),
  models: z.array(ZModelName, { error: 'models must be a list of model ids' }).min(1, { error: 'models must name at least one model' }),
  prices: ZPriceTable.optional(),
  contextTokens: z
    .record(z.string(), z.number({ error: 'each context window must be a number of tokens' }).int({ error: 'each context window must be a whole number of tokens' }).positive({ error: 'each context window must be more than 0 tokens' }), { error: 'contextTokens must map model ids to their context window in tokens' })
    .optional(),
  settings: z
    .array(z.enum(OPENAI_SETTING_NAMES as [string, ...string[]], { error: `each setting must be one of ${OPENAI_SETTING_NAMES.join(', ')}` }))
    .optional(),
});

export interface DeclaredService {
  id: string;
  name: string;
  baseUrl: string;
  /** The key, read from the variable apiKeyEnv names; undefined for a keyless server. */
  apiKey: string | undefined;
  models: string[];
  prices: TPriceTable;
  /** Context windows in tokens of the models that declare one; a model without one is not checked. */
  contextTokens: Readonly<Record<string, number>>;
  /** OpenAI setting names the service accepts; all of them when it declares none. */
  settings: string[];
}

/** The declared services, or the problems found, each naming the file and the entry. */
export function readServicesFile(file: string, source: Record<string, string | undefined>): { services: DeclaredService[]; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { services: [], problems: [code ? `SERVICES_FILE: cannot read ${file} (${code})` : `SERVICES_FILE: ${file} is not valid JSON`] };
  }
  const parsed = z.array(ZDeclaredService, { error: 'must hold a JSON list of services' }).safeParse(json);
  if (!parsed.success) {
    return { services: [], problems: parsed.error.issues.map((issue) => `SERVICES_FILE: ${[file, ...issue.path].join(' → ')}: ${issue.message}`) };
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  const services = parsed.data.map((entry, index): DeclaredService => {
    if (seen.has(entry.id)) problems.push(`SERVICES_FILE: ${file} → ${index} → id: "${entry.id}" is declared twice`);
    seen.add(entry.id);
    const apiKey = entry.apiKeyEnv ? source[entry.apiKeyEnv]?.trim() || undefined : undefined;
    for (const model of Object.keys(entry.contextTokens ?? {})) {
      if (!entry.models.includes(model)) problems.push(`SERVICES_FILE: ${file} → ${index} → contextTokens: "${model}" is not one of its models`);
    }
    if (entry.apiKeyEnv && !apiKey) problems.push(`SERVICES_FILE: ${file} → ${index} → apiKeyEnv: ${entry.apiKeyEnv} is not set`);
    return {
      id: entry.id,
      name: entry.name,
      baseUrl: entry.baseUrl,
      apiKey,
      models: [...new Set(entry.models)],
      prices: entry.prices ?? {},
      contextTokens: entry.contextTokens ?? {},
      settings: entry.settings ?? [...OPENAI_SETTING_NAMES],
    };
  });
  return { services, problems };
}
