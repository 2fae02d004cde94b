import { z } from 'zod';
import type { SliderRange } from '../constants.ts';
import { INPUT_LIMITS } from '../constants.ts';

/** A number inside a slider's range, with a message that names the setting and its range. */
export function rangedNumber(label: string, range: SliderRange, options: { int?: boolean; min?: number } = {}) {
  const min = options.min ?? range.min;
  const message = `${label} must be ${options.int ? 'a whole number ' : ''}between ${min} and ${range.max}.`;
  const base = z.number({ error: message });
  return (options.int ? base.int({ error: message }) : base).min(min, { error: message }).max(range.max, { error: message });
}

/** An API key typed by the visitor: blank means "none"; surrounding spaces are pasting noise. */
export const ZApiKeyInput = z
  .string({ error: 'The API key must be text.' })
  .max(INPUT_LIMITS.apiKeyMaxChars, { error: `The API key is longer than ${INPUT_LIMITS.apiKeyMaxChars} characters.` })
  .transform((key) => key.trim())
  .transform((key) => (key === '' ? undefined : key));

/** Model ids as the providers spell them (letters, digits, dots, dashes, colons, slashes). */
export const ZModelName = z
  .string({ error: 'The model must be text.' })
  .trim()
  .min(1, { error: 'The model cannot be empty.' })
  .max(INPUT_LIMITS.modelNameMaxChars, { error: 'The model name is too long.' })
  .regex(/^[\w.:/-]+$/, { error: 'The model name may only hold letters, digits and . : / - _' })
  // The name becomes part of an upstream URL path: no ".." that could climb out of models/.
  .refine((name) => !name.includes('..'), { error: 'The model name cannot contain "..".' });

/** Ordinary email pattern (docs/product.md §5): something@something.tld without spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= INPUT_LIMITS.emailMaxChars && EMAIL_PATTERN.test(value);
}
