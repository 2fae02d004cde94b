// The steps every Google generation call goes through, in the order a real call meets them.
import { answerAfterLatency, pickScenario, type Reply } from '../generation-gate.ts';
import { isAcceptedKey, type ApiCall } from '../server-state.ts';
import type { Scenario } from '../types.ts';
import { invalidKeyError, missingKeyError, modelNotFoundError, sendGoogleError, unparsableBodyError, type GoogleErrorReply } from './google-errors.ts';
import { findGoogleModel, type GoogleModel } from './google-models.ts';
import { googleScenarioError } from './google-scenario-errors.ts';

/** `x-goog-api-key` header (what the SDKs send) or `?key=` (docs/wire-formats.md §2.1, §3.1). */
export function googleAuthError(call: ApiCall): GoogleErrorReply | undefined {
  const header = call.req.headers['x-goog-api-key'];
  const key = (Array.isArray(header) ? header[0] : header) ?? call.url.searchParams.get('key') ?? undefined;
  if (!key) return missingKeyError();
  return isAcceptedKey(key, call.state.options) ? undefined : invalidKeyError();
}

export interface GoogleGeneration<Request> {
  apiVersion: 'v1beta' | 'v1beta2';
  method: string;
  modelId: string;
  catalog: GoogleModel[];
  /** Last user text, directives included: where directives are read. */
  promptText: string;
  validate(body: unknown, model: GoogleModel): { ok: true; request: Request } | { ok: false; reply: GoogleErrorReply };
  /** Prepares the successful answer; it is sent once the latency has passed. */
  respond(request: Request, model: GoogleModel, scenario: Scenario | undefined): Reply;
}

export async function runGoogleGeneration<Request>(call: ApiCall, generation: GoogleGeneration<Request>): Promise<void> {
  const scenario = pickScenario(call, generation.promptText);
  await answerAfterLatency(call, scenario, () => prepareGoogleGeneration(call, generation, scenario));
}

function prepareGoogleGeneration<Request>(call: ApiCall, generation: GoogleGeneration<Request>, scenario: Scenario | undefined): Reply {
  const { res } = call;
  const { apiVersion, method, modelId } = generation;
  const authProblem = googleAuthError(call);
  if (authProblem) return () => sendGoogleError(res, authProblem);
  if (scenario?.status !== undefined || scenario?.quota || scenario?.context) {
    return () => sendGoogleError(res, googleScenarioError(scenario, modelId, apiVersion, method));
  }
  const model = findGoogleModel(generation.catalog, modelId);
  // Model listings never name streamGenerateContent: streaming comes with generateContent.
  const listedMethod = method === 'streamGenerateContent' ? 'generateContent' : method;
  if (!model?.supportedGenerationMethods.includes(listedMethod)) return () => sendGoogleError(res, modelNotFoundError(modelId, apiVersion, method));
  if (!call.bodyIsJson) return () => sendGoogleError(res, unparsableBodyError());
  const validation = generation.validate(call.body, model);
  if (!validation.ok) return () => sendGoogleError(res, validation.reply);
  return generation.respond(validation.request, model, scenario);
}
