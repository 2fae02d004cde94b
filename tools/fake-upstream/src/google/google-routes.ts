// Everything under /v1beta (Gemini, docs/wire-formats.md §3) and /v1beta2 (PaLM, §2).
import { sendJson } from '../http-io.ts';
import type { ApiCall } from '../server-state.ts';
import { handleCountTokens } from './count-tokens.ts';
import { handleGenerateContent } from './gemini-generate-content.ts';
import { googleError, modelNotFoundError, sendGoogleError } from './google-errors.ts';
import { googleAuthError } from './google-generation.ts';
import { findGoogleModel, geminiModels, pageOfModels, palmModels, withoutHidden } from './google-models.ts';
import { handleGenerateMessage } from './palm-generate-message.ts';

// /v1beta/models, /v1beta/models/{model}, /v1beta/models/{model}:{method}
const routePattern = /^\/(v1beta2?)\/models(?:\/([^/:]+)(?::([A-Za-z]+))?)?\/?$/;

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path); // clients may send the ':' as %3A
  } catch {
    return path;
  }
}

async function routeMethod(call: ApiCall, apiVersion: string, modelId: string, method: string): Promise<void> {
  const palm = apiVersion === 'v1beta2';
  if (!palm && (method === 'generateContent' || method === 'streamGenerateContent')) {
    return handleGenerateContent(call, modelId, method === 'streamGenerateContent');
  }
  if (palm && method === 'generateMessage') return handleGenerateMessage(call, modelId);
  if (method === (palm ? 'countMessageTokens' : 'countTokens')) return handleCountTokens(call, modelId, palm);

  const authProblem = googleAuthError(call);
  if (authProblem) return sendGoogleError(call.res, authProblem);
  const model = findGoogleModel(withoutHidden(palm ? palmModels : geminiModels, call.state.options.hiddenModels), modelId);
  if (model?.supportedGenerationMethods.includes(method)) {
    return sendGoogleError(call.res, googleError(501, `The fake upstream does not simulate ${method}.`));
  }
  sendGoogleError(call.res, modelNotFoundError(modelId, apiVersion, method));
}

export async function routeGoogle(call: ApiCall): Promise<void> {
  const { req, res, url } = call;
  const match = routePattern.exec(safeDecode(url.pathname));
  const httpMethod = req.method ?? 'GET';
  const [, apiVersion = 'v1beta', modelId, method] = match ?? [];
  const wantsPost = method !== undefined;
  if (!match || httpMethod !== (wantsPost ? 'POST' : 'GET')) {
    return sendGoogleError(res, googleError(404, `Method not found: ${httpMethod} ${url.pathname}`));
  }
  if (method !== undefined && modelId !== undefined) return routeMethod(call, apiVersion, modelId, method);

  const authProblem = googleAuthError(call);
  if (authProblem) return sendGoogleError(res, authProblem);
  const catalog = withoutHidden(apiVersion === 'v1beta2' ? palmModels : geminiModels, call.state.options.hiddenModels);
  if (modelId === undefined) {
    const page = pageOfModels(catalog, url.searchParams);
    return page.ok ? sendJson(res, 200, page.page) : sendGoogleError(res, page.reply);
  }
  const model = findGoogleModel(catalog, modelId);
  if (!model) return sendGoogleError(res, modelNotFoundError(modelId, apiVersion, 'GetModel'));
  sendJson(res, 200, model);
}
