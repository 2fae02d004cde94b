// PaLM generateMessage body checks (docs/wire-formats.md §2.2). Note: no maxOutputTokens, so it is an unknown field.
import { GoogleRejection, invalidArgument, rangeError, type GoogleErrorReply } from './google-errors.ts';
import { expectObject, readField, readNumber, readString, rejectUnknownFields, type JsonObject } from './proto-json.ts';

export interface PalmMessage {
  author?: string;
  content: string;
}

export interface GenerateMessageRequest {
  context: string;
  messages: PalmMessage[];
  candidateCount: number;
}

export type GenerateMessageValidation = { ok: true; request: GenerateMessageRequest } | { ok: false; reply: GoogleErrorReply };

const v1beta2 = 'type.googleapis.com/google.ai.generativelanguage.v1beta2';
const fail = (message: string, field: string): GoogleRejection => new GoogleRejection(invalidArgument(message, field));

function readMessage(value: unknown, at: string): PalmMessage {
  const message = expectObject(value, at, `${v1beta2}.Message`);
  rejectUnknownFields(message, ['author', 'content', 'citationMetadata'], at);
  const author = readString(message, 'author', `${at}.author`);
  const content = readString(message, 'content', `${at}.content`);
  if (!content) throw fail(`* GenerateMessageRequest.${at}.content: content must not be empty\n`, `${at}.content`);
  return author === undefined ? { content } : { author, content };
}

function readExamples(value: unknown): void {
  if (value === undefined || value === null) return;
  (Array.isArray(value) ? value : [value]).forEach((item, index) => {
    const at = `prompt.examples[${index}]`;
    const example = expectObject(item, at, `${v1beta2}.Example`);
    rejectUnknownFields(example, ['input', 'output'], at);
    for (const side of ['input', 'output']) {
      const message = readField(example, side);
      if (message === undefined) throw fail(`* GenerateMessageRequest.${at}.${side}: ${side} is required\n`, `${at}.${side}`);
      readMessage(message, `${at}.${side}`);
    }
  });
}

/** Shared by generateMessage and countMessageTokens. */
export function readMessagePrompt(value: unknown): { context: string; messages: PalmMessage[] } {
  if (value === undefined || value === null) throw fail('* GenerateMessageRequest.prompt: prompt is required\n', 'prompt');
  const prompt = expectObject(value, 'prompt', `${v1beta2}.MessagePrompt`);
  rejectUnknownFields(prompt, ['context', 'examples', 'messages'], 'prompt');
  const context = readString(prompt, 'context', 'prompt.context') ?? '';
  readExamples(readField(prompt, 'examples'));
  const messages = readField(prompt, 'messages');
  const list = Array.isArray(messages) ? messages : messages === undefined || messages === null ? [] : [messages];
  if (list.length === 0) throw fail('* GenerateMessageRequest.prompt.messages: messages must not be empty\n', 'prompt.messages');
  return { context, messages: list.map((item, index) => readMessage(item, `prompt.messages[${index}]`)) };
}

function checkRange(name: string, value: number | undefined, min: number, maxExclusive: number | undefined, at: string): void {
  if (value !== undefined && (value < min || (maxExclusive !== undefined && value >= maxExclusive))) {
    throw new GoogleRejection(rangeError(name, value, min, maxExclusive, at));
  }
}

function checkBody(body: JsonObject): GenerateMessageRequest {
  rejectUnknownFields(body, ['model', 'prompt', 'temperature', 'candidateCount', 'topP', 'topK']);
  const prompt = readMessagePrompt(readField(body, 'prompt'));
  const candidateCount = readNumber(body, 'candidateCount', 'candidate_count', true);
  checkRange('temperature', readNumber(body, 'temperature', 'temperature', false), 0, 1.0001, 'temperature');
  checkRange('candidateCount', candidateCount, 1, 9, 'candidate_count');
  checkRange('topP', readNumber(body, 'topP', 'top_p', false), 0, 1.0001, 'top_p');
  checkRange('topK', readNumber(body, 'topK', 'top_k', true), 0, undefined, 'top_k');
  return { ...prompt, candidateCount: candidateCount ?? 1 };
}

export function validateGenerateMessage(body: unknown): GenerateMessageValidation {
  try {
    return { ok: true, request: checkBody(expectObject(body, 'request', `${v1beta2}.GenerateMessageRequest`)) };
  } catch (error) {
    if (error instanceof GoogleRejection) return { ok: false, reply: error.reply };
    throw error;
  }
}
