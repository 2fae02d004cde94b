// Gemini generateContent body checks (docs/wire-formats.md §3.2, §3.3), strict like the real parser.
import { GoogleRejection, invalidArgument, type GoogleErrorReply } from './google-errors.ts';
import type { GoogleModel } from './google-models.ts';
import { expectObject, readField, readString, rejectUnknownFields, type JsonObject } from './proto-json.ts';
import { checkGenerationConfig, type GenerationLimits } from './validate-generation-config.ts';

export interface GeminiTurn {
  role: 'user' | 'model';
  text: string;
}

export interface GenerateContentRequest extends GenerationLimits {
  contents: GeminiTurn[];
  systemText: string;
}

export type GenerateContentValidation = { ok: true; request: GenerateContentRequest } | { ok: false; reply: GoogleErrorReply };

const v1beta = 'type.googleapis.com/google.ai.generativelanguage.v1beta';
const requestFields = ['model', 'contents', 'systemInstruction', 'generationConfig', 'safetySettings', 'tools', 'toolConfig', 'cachedContent'];
const partFields = ['text', 'inlineData', 'fileData', 'functionCall', 'functionResponse', 'executableCode', 'codeExecutionResult', 'thought', 'thoughtSignature', 'videoMetadata'];
const dataFields = ['text', 'inlineData', 'fileData', 'functionCall', 'functionResponse', 'executableCode', 'codeExecutionResult'];
const categories = ['HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_DANGEROUS_CONTENT', 'HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_CIVIC_INTEGRITY'];
const thresholds = ['HARM_BLOCK_THRESHOLD_UNSPECIFIED', 'BLOCK_LOW_AND_ABOVE', 'BLOCK_MEDIUM_AND_ABOVE', 'BLOCK_ONLY_HIGH', 'BLOCK_NONE', 'OFF'];

const fail = (message: string, field?: string): GoogleRejection => new GoogleRejection(invalidArgument(message, field));

/** Joined text of one Content; also reports whether it carries a function response (allowed as last turn). */
function readContent(value: unknown, at: string): { role: string | undefined; text: string; functionResponse: boolean } {
  const content = expectObject(value, at, `${v1beta}.Content`);
  rejectUnknownFields(content, ['role', 'parts'], at);
  const role = readString(content, 'role', `${at}.role`);
  const parts = readField(content, 'parts');
  if (!Array.isArray(parts) || parts.length === 0) throw fail(`* GenerateContentRequest.${at}.parts: contents.parts must not be empty.\n`, `${at}.parts`);
  let functionResponse = false;
  const texts = parts.map((item, index) => {
    const partAt = `${at}.parts[${index}]`;
    const part = expectObject(item, partAt, `${v1beta}.Part`);
    rejectUnknownFields(part, partFields, partAt);
    if (!dataFields.some((name) => readField(part, name) !== undefined)) {
      throw fail(`* GenerateContentRequest.${partAt}.data: required oneof field 'data' must have one initialized field\n`, `${partAt}.data`);
    }
    if (readField(part, 'functionResponse') !== undefined) functionResponse = true;
    return readString(part, 'text', `${partAt}.text`) ?? '';
  });
  return { role: role === '' ? undefined : role, text: texts.join('\n'), functionResponse };
}

function readContents(body: JsonObject): GeminiTurn[] {
  const contents = readField(body, 'contents');
  if (contents === undefined || (Array.isArray(contents) && contents.length === 0)) {
    throw fail('* GenerateContentRequest.contents: contents is not specified\n', 'contents');
  }
  const items = Array.isArray(contents) ? contents : [contents];
  const read = items.map((item, index) => readContent(item, `contents[${index}]`));
  const turns = read.map(({ role, text }): GeminiTurn => {
    // Role may be left out on a single-turn request only.
    const effective = role ?? (read.length === 1 ? 'user' : '');
    if (effective !== 'user' && effective !== 'model') throw fail('Please use a valid role: user, model.');
    return { role: effective, text };
  });
  if (turns.some((turn, index) => index > 0 && turns[index - 1]?.role === turn.role)) {
    throw fail('Please ensure that multiturn requests alternate between user and model.');
  }
  const last = read.at(-1);
  if (turns.at(-1)?.role !== 'user' && !last?.functionResponse) {
    throw fail('Please ensure that multiturn requests ends with a user role or a function response.');
  }
  return turns;
}

function checkSafetySettings(value: unknown): void {
  if (value === undefined || value === null) return;
  const settings = Array.isArray(value) ? value : [value];
  settings.forEach((item, index) => {
    const at = `safety_settings[${index}]`;
    const setting = expectObject(item, at, `${v1beta}.SafetySetting`);
    rejectUnknownFields(setting, ['category', 'threshold'], at);
    const category = readField(setting, 'category');
    const threshold = readField(setting, 'threshold');
    if (typeof category !== 'string' || !categories.includes(category)) {
      throw fail(`Invalid value at '${at}.category' (${v1beta}.HarmCategory), ${JSON.stringify(category)}`, `${at}.category`);
    }
    if (typeof threshold !== 'string' || !thresholds.includes(threshold)) {
      throw fail(`Invalid value at '${at}.threshold' (${v1beta}.SafetySetting.HarmBlockThreshold), ${JSON.stringify(threshold)}`, `${at}.threshold`);
    }
  });
}

function readSystemText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return readContent(value, 'system_instruction').text;
}

export function validateGenerateContent(body: unknown, model: GoogleModel): GenerateContentValidation {
  try {
    const request = expectObject(body, 'request', `${v1beta}.GenerateContentRequest`);
    rejectUnknownFields(request, requestFields);
    const contents = readContents(request);
    const systemText = readSystemText(readField(request, 'systemInstruction'));
    checkSafetySettings(readField(request, 'safetySettings'));
    const limits = checkGenerationConfig(readField(request, 'generationConfig'), model);
    return { ok: true, request: { contents, systemText, ...limits } };
  } catch (error) {
    if (error instanceof GoogleRejection) return { ok: false, reply: error.reply };
    throw error;
  }
}
