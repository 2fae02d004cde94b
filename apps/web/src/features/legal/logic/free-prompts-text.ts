// The legal pages' sentences about free prompts, for the operator's FREE_PROMPTS (0 allowed) or
// for a count not known yet (null: the session has not answered), so no page states a wrong number.

const firstPrompts = (count: number | null): string =>
  count === null ? 'The first few prompts' : count === 1 ? 'The first prompt' : `The first ${count} prompts`;

/** Terms and Conditions, "Free prompts and your own API keys". */
export function termsFreePrompts(count: number | null): string {
  if (count === 0) return 'Every prompt runs on your own API keys.';
  return `${firstPrompts(count)} ${count === 1 ? 'runs' : 'run'} on our API keys. After that you need your own keys.`;
}

/** Privacy Policy, "Who else sees your prompts". */
export function privacyFreePrompts(count: number | null): string {
  if (count === 0) return 'Every prompt uses your own API keys.';
  return `${firstPrompts(count)} ${count === 1 ? 'uses' : 'use'} our API keys; after that, yours.`;
}
