// Everything under /v1, for OpenAI and for each declared compatible service.
import { sendJson } from '../http-io.ts';
import { isAcceptedKey, type ApiCall } from '../server-state.ts';
import { bearerKey, handleChatCompletions } from './chat-completions.ts';
import { authError, invalidRequest, modelNotFound, openaiHeaders, sendOpenAIError } from './openai-errors.ts';
import { catalogOf } from './openai-models.ts';

/** Everything under /v1 of OpenAI and of each compatible service (`call.path` has no /compat/<id> prefix). */
export async function routeOpenAI(call: ApiCall): Promise<void> {
  const { req, res } = call;
  const method = req.method ?? 'GET';
  const path = call.path;
  const isModelsPath = path === '/v1/models' || path.startsWith('/v1/models/');
  if (path === '/v1/chat/completions' || isModelsPath) {
    const wanted = path === '/v1/chat/completions' ? 'POST' : 'GET';
    if (method !== wanted) {
      return sendOpenAIError(res, invalidRequest(`Invalid method for URL (${method} ${path})`, null, null, 405));
    }
  } else {
    return sendOpenAIError(res, invalidRequest(`Invalid URL (${method} ${path})`, null, null, 404));
  }
  if (path === '/v1/chat/completions') return handleChatCompletions(call);

  const key = bearerKey(req.headers.authorization);
  if (!isAcceptedKey(key, call.state.options)) return sendOpenAIError(res, authError(key));
  const catalog = catalogOf(call);
  if (path === '/v1/models') return sendJson(res, 200, { object: 'list', data: catalog.list() }, openaiHeaders());
  const id = decodeURIComponent(path.slice('/v1/models/'.length));
  const entry = catalog.find(id);
  if (!entry) return sendOpenAIError(res, modelNotFound(id));
  sendJson(res, 200, entry.model, openaiHeaders());
}
