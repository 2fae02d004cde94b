// Plain fetch for the Google REST calls the SDK does not cover well: PaLM v1beta2 (gone from
// the SDK) and the model lists (the SDK renames supportedGenerationMethods to supportedActions).
import { callBudget } from '../call-budget.ts';
import type { ErrorContext } from '../errors.ts';
import { translateGoogleError, translateGoogleHttpError } from './errors.ts';

export interface GoogleRequest {
  url: string;
  apiKey: string;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
  /** JSON body; the request is a POST when present, a GET otherwise. */
  body?: unknown;
  /** The adapters' HTTP client (size-capped); global fetch when unset. */
  fetch?: typeof fetch;
}

/** Joins the configured root and an API path without doubling or losing a slash. */
export function googleUrl(baseUrl: string, path: string, query: Record<string, string | undefined> = {}): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The key goes in the x-goog-api-key header, never the URL, so it cannot leak through logged
 * URLs or error texts that quote them. Non-2xx answers and unreadable bodies become UpstreamErrors.
 */
export async function fetchGoogleJson(request: GoogleRequest, ctx: ErrorContext): Promise<unknown> {
  const { signal, end } = callBudget(request.signal, request.timeoutMs);
  try {
    const response = await (request.fetch ?? fetch)(request.url, {
      method: request.body === undefined ? 'GET' : 'POST',
      headers: {
        'x-goog-api-key': request.apiKey,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    });
    const text = await response.text();
    if (!response.ok) throw translateGoogleHttpError(response.status, text, ctx);
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw translateGoogleError(error, ctx);
  } finally {
    end();
  }
}
