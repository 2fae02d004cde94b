import type { Scenario } from './types.ts';

/** Thrown when a scenario sent to the control endpoint has a wrong shape. */
export class ScenarioShapeError extends Error {}

const numberKeys = ['latencyMs', 'status', 'retryAfterSeconds', 'tokensPerSecond', 'cutAfter', 'errorEventAfter'] as const;
const booleanKeys = ['quota', 'context', 'malformed', 'hang', 'reset', 'noUsage'] as const;

/** Validates a scenario received as JSON (control endpoint), so typos fail loudly instead of being ignored. */
export function parseScenarioJson(value: unknown): Scenario {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ScenarioShapeError('scenario must be an object');
  }
  const scenario: Scenario = {};
  for (const [key, field] of Object.entries(value)) {
    if ((numberKeys as readonly string[]).includes(key)) {
      if (typeof field !== 'number' || !Number.isFinite(field) || field < 0) {
        throw new ScenarioShapeError(`scenario.${key} must be a non-negative number`);
      }
      scenario[key as (typeof numberKeys)[number]] = field;
    } else if ((booleanKeys as readonly string[]).includes(key)) {
      if (typeof field !== 'boolean') throw new ScenarioShapeError(`scenario.${key} must be a boolean`);
      scenario[key as (typeof booleanKeys)[number]] = field;
    } else if (key === 'text') {
      if (typeof field !== 'string') throw new ScenarioShapeError('scenario.text must be a string');
      scenario.text = field;
    } else {
      throw new ScenarioShapeError(`unknown scenario key "${key}"`);
    }
  }
  return scenario;
}

/** JSON cannot carry Infinity, so the control endpoint also accepts "Infinity" or null. */
export function parseTimes(value: unknown): number {
  if (value === undefined) return 1;
  if (value === null || value === 'Infinity' || value === 'infinity') return Infinity;
  if (typeof value === 'number' && (value === Infinity || (Number.isInteger(value) && value > 0))) return value;
  throw new ScenarioShapeError('times must be a positive integer, "Infinity" or null');
}
