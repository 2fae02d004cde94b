// Our Anthropic settings → a Messages API body (version 2023-06-01, see adapter.ts).
import { ANTHROPIC_LIMITS } from '@promptpair/contract';
import type { TAnthropicSettings } from '@promptpair/contract';
import { DEFAULT_ANTHROPIC_MODEL } from './catalog.ts';

/** The body we send: the SDK's own type no longer has the sampling fields, which 2023-06-01 still takes. */
export interface MessagesBody {
  model: string;
  max_tokens: number;
  messages: Array<{ role: 'user' | 'assistant'; content: string }>;
  system?: string;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
}

/**
 * The opening messages first, then the prompt as the last user turn; the system prompt in its own
 * field. max_tokens is always sent (the API has no default). Every other setting only when set,
 * even on a model that refuses it: the visitor then reads the service's own reason.
 */
export function toMessagesBody(prompt: string, settings: TAnthropicSettings): MessagesBody {
  const history = (settings.messages ?? []).map(({ role, content }) => ({ role, content }));
  const body: MessagesBody = {
    model: settings.model ?? DEFAULT_ANTHROPIC_MODEL,
    max_tokens: settings.maxTokens ?? ANTHROPIC_LIMITS.maxTokens.default,
    messages: [...history, { role: 'user', content: prompt }],
  };
  if (settings.system !== undefined) body.system = settings.system;
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  if (settings.topP !== undefined) body.top_p = settings.topP;
  if (settings.topK !== undefined) body.top_k = settings.topK;
  if (settings.stopSequences !== undefined && settings.stopSequences.length > 0) body.stop_sequences = [...settings.stopSequences];
  return body;
}
