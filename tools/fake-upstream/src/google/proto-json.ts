// Reading Google request bodies the way the proto3 JSON parser does: lowerCamelCase or the original snake_case.
import { GoogleRejection, invalidValueError, unknownFieldError } from './google-errors.ts';

export type JsonObject = Record<string, unknown>;

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Value of a field sent under either spelling. */
export function readField(object: JsonObject, camelName: string): unknown {
  return object[camelName] ?? object[snakeCase(camelName)];
}

/** Rejects the first key that is neither an allowed camelCase name nor its snake_case form. */
export function rejectUnknownFields(object: JsonObject, allowed: readonly string[], at?: string): void {
  const names = new Set(allowed.flatMap((name) => [name, snakeCase(name)]));
  const unknown = Object.keys(object).find((key) => !names.has(key));
  if (unknown !== undefined) throw new GoogleRejection(unknownFieldError(unknown, at));
}

export function expectObject(value: unknown, at: string, typeName: string): JsonObject {
  if (!isObject(value)) throw new GoogleRejection(invalidValueError(at, typeName, value));
  return value;
}

/** Numbers may also arrive as numeric strings, which proto3 JSON accepts. */
export function readNumber(object: JsonObject, camelName: string, at: string, integer: boolean): number | undefined {
  const value = readField(object, camelName);
  if (value === undefined || value === null) return undefined;
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || (integer && !Number.isInteger(number))) {
    throw new GoogleRejection(invalidValueError(at, integer ? 'TYPE_INT32' : 'TYPE_FLOAT', value));
  }
  return number;
}

export function readString(object: JsonObject, camelName: string, at: string): string | undefined {
  const value = readField(object, camelName);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new GoogleRejection(invalidValueError(at, 'TYPE_STRING', value));
  return value;
}
