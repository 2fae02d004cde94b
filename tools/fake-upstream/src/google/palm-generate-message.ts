// POST /v1beta2/models/{m}:generateMessage (docs/wire-formats.md §2.2). PaLM is decommissioned upstream;
// the fake keeps it alive so the legacy path and its migration can still be tested.
import { stripDirectives } from '../directives.ts';
import { sendJson, sendMalformed } from '../http-io.ts';
import type { ApiCall } from '../server-state.ts';
import { composeAnswer } from '../simulated-text.ts';
import { runGoogleGeneration } from './google-generation.ts';
import { palmModels, withoutHidden } from './google-models.ts';
import { isObject, readField } from './proto-json.ts';
import { validateGenerateMessage, type GenerateMessageRequest } from './validate-generate-message.ts';

/** Authors are free-form in PaLM, so the "user" turn is simply the last message. */
export function lastPalmMessageText(body: unknown): string {
  const prompt = isObject(body) ? readField(body, 'prompt') : undefined;
  const messages = isObject(prompt) ? readField(prompt, 'messages') : undefined;
  const last: unknown = Array.isArray(messages) ? messages.at(-1) : undefined;
  return isObject(last) && typeof last['content'] === 'string' ? last['content'] : '';
}

export async function handleGenerateMessage(call: ApiCall, modelId: string): Promise<void> {
  await runGoogleGeneration<GenerateMessageRequest>(call, {
    apiVersion: 'v1beta2',
    method: 'generateMessage',
    modelId,
    catalog: withoutHidden(palmModels, call.state.options.hiddenModels),
    promptText: lastPalmMessageText(call.body),
    validate: validateGenerateMessage,
    respond(request, _model, scenario) {
      const prompt = stripDirectives(request.messages.at(-1)?.content ?? '');
      const candidates = Array.from({ length: request.candidateCount }, (_, choiceIndex) => ({
        // The service picks the bot's author label; "1" is what it used (§2.2).
        author: '1',
        content: composeAnswer({
          label: 'PaLM', model: modelId, prompt, systemText: request.context, choiceIndex, choiceCount: request.candidateCount, overrideText: scenario?.text, style: call.state.options.answerStyle,
        }),
      }));
      const body = { candidates, messages: request.messages };
      return () => (scenario?.malformed ? sendMalformed(call.res, body, false) : sendJson(call.res, 200, body));
    },
  });
}
