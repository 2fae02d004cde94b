// Gemini countTokens (§3.6) and PaLM countMessageTokens (§2.3): auth, model and shape checks, no scenarios.
import { sendJson } from '../http-io.ts';
import type { ApiCall } from '../server-state.ts';
import { estimateTokens } from '../simulated-text.ts';
import { GoogleRejection, modelNotFoundError, sendGoogleError, unparsableBodyError } from './google-errors.ts';
import { googleAuthError } from './google-generation.ts';
import { findGoogleModel, geminiModels, palmModels, withoutHidden } from './google-models.ts';
import { expectObject, isObject, readField, rejectUnknownFields } from './proto-json.ts';
import { readMessagePrompt } from './validate-generate-message.ts';

function allPartTexts(contents: unknown): string {
  if (!Array.isArray(contents)) return '';
  return contents
    .flatMap((content: unknown) => (isObject(content) && Array.isArray(content['parts']) ? (content['parts'] as unknown[]) : []))
    .map((part) => (isObject(part) && typeof part['text'] === 'string' ? part['text'] : ''))
    .join('\n');
}

export function handleCountTokens(call: ApiCall, modelId: string, palm: boolean): void {
  const { res } = call;
  const authProblem = googleAuthError(call);
  if (authProblem) return sendGoogleError(res, authProblem);
  const method = palm ? 'countMessageTokens' : 'countTokens';
  const model = findGoogleModel(withoutHidden(palm ? palmModels : geminiModels, call.state.options.hiddenModels), modelId);
  if (!model?.supportedGenerationMethods.includes(method)) return sendGoogleError(res, modelNotFoundError(modelId, palm ? 'v1beta2' : 'v1beta', method));
  if (!call.bodyIsJson) return sendGoogleError(res, unparsableBodyError());
  try {
    const body = expectObject(call.body, 'request', 'CountTokensRequest');
    if (palm) {
      rejectUnknownFields(body, ['model', 'prompt']);
      const prompt = readMessagePrompt(readField(body, 'prompt'));
      const text = [prompt.context, ...prompt.messages.map((message) => message.content)].filter(Boolean).join('\n');
      return sendJson(res, 200, { tokenCount: estimateTokens(text) });
    }
    rejectUnknownFields(body, ['contents', 'generateContentRequest']);
    const nested = readField(body, 'generateContentRequest');
    const contents = isObject(nested) ? readField(nested, 'contents') : readField(body, 'contents');
    sendJson(res, 200, { totalTokens: estimateTokens(allPartTexts(contents)) });
  } catch (error) {
    if (error instanceof GoogleRejection) return sendGoogleError(res, error.reply);
    throw error;
  }
}
