// A streamed message as the Messages API sends it: named server-sent events, each repeating its
// name as `type`, with the input tokens in message_start and the output tokens in message_delta.
import { startEventStream, type Headers } from '../http-io.ts';
import type { ApiCall } from '../server-state.ts';
import { estimateTokens, splitForStreaming } from '../simulated-text.ts';
import { writePacedEvents, type PacedEvent } from '../stream-writer.ts';
import type { Scenario } from '../types.ts';
import { requestId } from './anthropic-errors.ts';
import type { Ending } from './messages.ts';

interface WholeMessage {
  content: unknown[];
  stop_reason: string;
  stop_sequence: string | null;
  usage: { input_tokens: number; output_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number };
}

export async function streamMessage(call: ApiCall, message: WholeMessage, ending: Ending, headers: Headers, scenario: Scenario | undefined): Promise<void> {
  const events: PacedEvent[] = [];
  const send = (data: { type: string } & Record<string, unknown>, tokens = 0): void => {
    events.push({ event: data.type, data, tokens });
  };
  // The message as it starts: no content yet, the prompt's tokens and a first output token.
  send({ type: 'message_start', message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage: { ...message.usage, output_tokens: 1 } } });
  if (ending.text !== '') {
    send({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    send({ type: 'ping' });
    for (const piece of splitForStreaming(ending.text)) {
      send({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } }, estimateTokens(piece));
    }
    send({ type: 'content_block_stop', index: 0 });
  }
  const { input_tokens, cache_creation_input_tokens, cache_read_input_tokens, output_tokens } = message.usage;
  send({
    type: 'message_delta',
    delta: { stop_reason: ending.stopReason, stop_sequence: ending.stopSequence },
    usage: { input_tokens, cache_creation_input_tokens, cache_read_input_tokens, output_tokens },
  });
  send({ type: 'message_stop' });
  const errorAfter = scenario?.errorEventAfter;
  if (errorAfter !== undefined && errorAfter < events.length) {
    // An overloaded service can give up after a 200 has started: the error arrives as an event.
    events.length = errorAfter;
    send({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' }, request_id: requestId() });
  }
  startEventStream(call.res, headers);
  await writePacedEvents(call, events, scenario);
}
