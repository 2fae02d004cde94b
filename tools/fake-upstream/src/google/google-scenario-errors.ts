// Real-looking bodies for statuses forced by a scenario (docs/wire-formats.md §3.7).
import type { Scenario } from '../types.ts';
import { googleError, modelNotFoundError, type GoogleErrorReply } from './google-errors.ts';

const rateLimitsDoc = 'https://ai.google.dev/gemini-api/docs/rate-limits';
const quotaMetric = 'generativelanguage.googleapis.com/generate_content_free_tier_requests';

function quotaFailure(quotaId: string, model: string, limit: number): Record<string, unknown> {
  return {
    '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
    violations: [{ quotaMetric, quotaId, quotaDimensions: { location: 'global', model }, quotaValue: String(limit) }],
  };
}

const help = { '@type': 'type.googleapis.com/google.rpc.Help', links: [{ description: 'Learn more about Gemini API quotas', url: rateLimitsDoc }] };

function exhausted(scenario: Scenario, model: string): GoogleErrorReply {
  const intro = `You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: ${rateLimitsDoc}.`;
  if (scenario.quota) {
    // Daily quota: waiting a few seconds will not help, so no RetryInfo.
    const message = `${intro}\n* Quota exceeded for metric: ${quotaMetric}, limit: 250, model: ${model}`;
    return googleError(429, message, [quotaFailure('GenerateRequestsPerDayPerProjectPerModel-FreeTier', model, 250), help]);
  }
  const seconds = scenario.retryAfterSeconds;
  const retry = seconds === undefined ? '' : `\nPlease retry in ${seconds}s.`;
  const details: unknown[] = [quotaFailure('GenerateRequestsPerMinutePerProjectPerModel-FreeTier', model, 15), help];
  if (seconds !== undefined) details.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${seconds}s` });
  return googleError(429, `${intro}\n* Quota exceeded for metric: ${quotaMetric}, limit: 15, model: ${model}${retry}`, details);
}

export function googleScenarioError(scenario: Scenario, model: string, apiVersion: string, method: string): GoogleErrorReply {
  // Gemini and PaLM both: INVALID_ARGUMENT naming the input token count.
  if (scenario.context) return googleError(400, 'The input token count (1100000) exceeds the maximum number of tokens allowed (1048576).');
  const status = scenario.status ?? 429;
  switch (status) {
    case 429: return exhausted(scenario, model);
    case 400: return googleError(400, 'Request contains an invalid argument.');
    case 403: return googleError(403, 'The caller does not have permission');
    case 404: return modelNotFoundError(model, apiVersion, method);
    case 500: return googleError(500, 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting');
    case 503: return googleError(503, 'The model is overloaded. Please try again later.');
    case 504: return googleError(504, 'Deadline expired before operation could complete.');
    default: return googleError(status, `The fake upstream answered with status ${status}.`);
  }
}
