import { targets } from './scenario-queue.ts';
import type { Scenario, ScriptTarget, ServiceName } from './types.ts';

// `[[openai:status=429,retry-after=3]]`, `[[google:hang]]`, `[[anthropic:status=529]]`, `[[compat/local:no-usage]]`,
// `[[all:latency=500,text=Hi, there]]`. Lets a tester script one call by typing in the UI; see README.md for the key list.
const directivePattern = /\[\[(openai|gemini|palm|google|anthropic|compat\/[\w.-]+|all):([^\]]*)\]\]/gi;

/** Removes every directive so it never reaches the simulated answer. */
export function stripDirectives(text: string): string {
  return text.replace(directivePattern, '').replace(/[ \t]{2,}/g, ' ').trim();
}

/** Merges (left to right) every directive in `text` addressed to `service`; undefined when none is. */
export function findDirectiveScenario(text: string, service: ServiceName): Scenario | undefined {
  let found: Scenario | undefined;
  for (const match of text.matchAll(directivePattern)) {
    const target = (match[1] ?? '').toLowerCase() as ScriptTarget | 'all';
    if (!targets(target, service)) continue;
    found = { ...found, ...parseDirectiveBody(match[2] ?? '') };
  }
  return found;
}

/** `text=` takes the rest of the directive so answers may contain commas; unknown keys are ignored. */
export function parseDirectiveBody(body: string): Scenario {
  const scenario: Scenario = {};
  const textAt = body.search(/(^|,)\s*text=/i);
  const settings = textAt === -1 ? body : body.slice(0, textAt);
  if (textAt !== -1) scenario.text = body.slice(body.indexOf('=', textAt) + 1);
  for (const item of settings.split(',')) {
    const [rawKey = '', rawValue] = item.split('=', 2).map((part) => part.trim());
    const key = rawKey.toLowerCase();
    const number = Number(rawValue);
    const flag = rawValue === undefined || !['false', '0', 'no'].includes(rawValue.toLowerCase());
    if (key === 'latency' && Number.isFinite(number)) scenario.latencyMs = number;
    else if (key === 'status' && Number.isInteger(number)) scenario.status = number;
    else if (key === 'retry-after' && Number.isFinite(number)) scenario.retryAfterSeconds = number;
    else if (key === 'quota') scenario.quota = flag;
    else if (key === 'context') scenario.context = flag;
    else if (key === 'malformed') scenario.malformed = flag;
    else if (key === 'hang') scenario.hang = flag;
    else if (key === 'reset') scenario.reset = flag;
    else if (key === 'tps' && number > 0) scenario.tokensPerSecond = number;
    else if (key === 'cut' && Number.isInteger(number) && number > 0) scenario.cutAfter = number;
    else if (key === 'no-usage') scenario.noUsage = flag;
    else if (key === 'error-after' && Number.isInteger(number) && number > 0) scenario.errorEventAfter = number;
  }
  return scenario;
}
