// `messages[]` checks per docs/wire-formats.md §1.3, with the real API's error wording.
import { describeJsonType, reject } from './openai-errors.ts';

const roles = ['system', 'assistant', 'user', 'function', 'tool', 'developer'] as const;
type Role = (typeof roles)[number];

const allowedKeys: Record<Role, readonly string[]> = {
  system: ['role', 'content', 'name'],
  developer: ['role', 'content', 'name'],
  user: ['role', 'content', 'name'],
  assistant: ['role', 'content', 'name', 'refusal', 'tool_calls', 'function_call', 'audio'],
  tool: ['role', 'content', 'tool_call_id'],
  function: ['role', 'content', 'name'],
};

const partTypes: Record<Role, readonly string[]> = {
  system: ['text'],
  developer: ['text'],
  tool: ['text'],
  function: ['text'],
  assistant: ['text', 'refusal'],
  user: ['text', 'image_url', 'input_audio', 'file'],
};

const showValue = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined');

function listValues(values: readonly string[]): string {
  const quoted = values.map((value) => `'${value}'`);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1) ?? ''}` : (quoted[0] ?? '');
}

function checkContentParts(parts: unknown[], role: Role, path: string): void {
  parts.forEach((part, index) => {
    const partPath = `${path}[${index}]`;
    if (typeof part !== 'object' || part === null || Array.isArray(part)) {
      throw reject(`Invalid type for '${partPath}': expected an object, but got ${describeJsonType(part)} instead.`, partPath, 'invalid_type');
    }
    const { type, text } = part as Record<string, unknown>;
    if (typeof type !== 'string' || !partTypes[role].includes(type)) {
      throw reject(`Invalid value: '${showValue(type)}'. Supported values are: ${listValues(partTypes[role])}.`, `${partPath}.type`, 'invalid_value');
    }
    if (type === 'text' && typeof text !== 'string') {
      throw reject(`Missing required parameter: '${partPath}.text'.`, `${partPath}.text`, 'missing_required_parameter');
    }
  });
}

function checkContent(message: Record<string, unknown>, role: Role, path: string): void {
  const content = message['content'];
  const contentPath = `${path}.content`;
  const mayBeNull = role === 'function' || (role === 'assistant' && ('tool_calls' in message || 'function_call' in message));
  if (content === undefined || content === null) {
    if (mayBeNull) return;
    throw reject(`Missing required parameter: '${contentPath}'.`, contentPath, 'missing_required_parameter');
  }
  if (typeof content === 'string') return;
  if (Array.isArray(content)) return checkContentParts(content, role, contentPath);
  throw reject(
    `Invalid type for '${contentPath}': expected one of a string or array of objects, but got ${describeJsonType(content)} instead.`,
    contentPath, 'invalid_type',
  );
}

function checkMessage(message: unknown, index: number): void {
  const path = `messages[${index}]`;
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    throw reject(`Invalid type for '${path}': expected an object, but got ${describeJsonType(message)} instead.`, path, 'invalid_type');
  }
  const fields = message as Record<string, unknown>;
  const role = fields['role'];
  if (role === undefined) throw reject(`Missing required parameter: '${path}.role'.`, `${path}.role`, 'missing_required_parameter');
  if (typeof role !== 'string' || !(roles as readonly string[]).includes(role)) {
    throw reject(`Invalid value: '${showValue(role)}'. Supported values are: ${listValues(roles)}.`, `${path}.role`, 'invalid_value');
  }
  const knownRole = role as Role;
  const extra = Object.keys(fields).find((key) => !allowedKeys[knownRole].includes(key));
  if (extra) throw reject(`Additional properties are not allowed ('${extra}' was unexpected) - 'messages.${index}'`, path, null);
  checkContent(fields, knownRole, path);
  if (knownRole === 'tool' && typeof fields['tool_call_id'] !== 'string') {
    throw reject(`Missing required parameter: '${path}.tool_call_id'.`, `${path}.tool_call_id`, 'missing_required_parameter');
  }
  if (knownRole === 'function' && typeof fields['name'] !== 'string') {
    throw reject(`Missing required parameter: '${path}.name'.`, `${path}.name`, 'missing_required_parameter');
  }
}

export function checkMessages(messages: unknown): void {
  if (messages === undefined) throw reject("Missing required parameter: 'messages'.", 'messages', 'missing_required_parameter');
  if (!Array.isArray(messages)) {
    throw reject(`Invalid type for 'messages': expected an array of objects, but got ${describeJsonType(messages)} instead.`, 'messages', 'invalid_type');
  }
  if (messages.length === 0) {
    throw reject("Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", 'messages', 'empty_array');
  }
  messages.forEach(checkMessage);
}
