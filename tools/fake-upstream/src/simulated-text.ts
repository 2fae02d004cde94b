// Deterministic stand-in for a model: same prompt and settings, same answer, so tests can assert it.
import type { AnswerStyle } from './types.ts';

/** Rough token estimate shared by both providers' usage fields: one token per 4 characters. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export interface AnswerRequest {
  /** Product name shown in the first line, e.g. "ChatGPT" or "Gemini". */
  label: string;
  model: string;
  /** Last user text with directives already removed. */
  prompt: string;
  systemText?: string;
  choiceIndex: number;
  choiceCount: number;
  /** Scenario text: replaces the simulated answer. */
  overrideText?: string;
  /** Default `plain`. */
  style?: AnswerStyle;
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

function firstWords(text: string, count: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  const head = words.slice(0, count).join(' ');
  return words.length > count ? `${head}…` : head;
}

export function composeAnswer(request: AnswerRequest): string {
  const { label, model, prompt, systemText, choiceIndex, choiceCount } = request;
  const choiceLine = choiceCount > 1 ? `Choice ${choiceIndex + 1} of ${choiceCount}.` : undefined;
  if (request.overrideText !== undefined) {
    return choiceLine ? `${request.overrideText}\n${choiceLine}` : request.overrideText;
  }
  if (request.style === 'markdown') return composeMarkdownAnswer(request, choiceLine);
  const lines = [
    `Simulated ${label} answer (${model}).`,
    `You asked: "${firstWords(prompt, 12)}"`,
    `Your prompt has ${prompt.length} characters, about ${plural(estimateTokens(prompt), 'token')}.`,
  ];
  if (systemText) lines.push(`System instruction noted: "${firstWords(systemText, 8)}"`);
  if (choiceLine) lines.push(choiceLine);
  lines.push('This text comes from the PromptPair fake upstream and is the same every time.');
  return lines.join('\n');
}

/**
 * The demo's answer: the same facts as the plain one, written the way real models write (a heading,
 * a table, a list, a code block), so a fresh install shows the page rendering Markdown. It names
 * neither the service nor the model (the page shows both), or every blind vote in the demo would be
 * flagged as possibly unblinded; the two columns still word it differently, so the word diff and
 * the similarity figure have something to show.
 */
function composeMarkdownAnswer(request: AnswerRequest, choiceLine: string | undefined): string {
  const { label, prompt, systemText } = request;
  const tokens = estimateTokens(prompt);
  const words = prompt.split(/\s+/).filter(Boolean).length;
  const brief = label !== 'ChatGPT';
  return [
    brief ? '### A simulated answer' : '### Simulated answer',
    '',
    brief
      ? `Your prompt, *"${firstWords(prompt, 12)}"*, reached the built-in simulator.`
      : `You asked: *"${firstWords(prompt, 12)}"*. This is the built-in simulator standing in for the real service.`,
    ...(choiceLine ? ['', choiceLine] : []),
    '',
    '| Measure | Value |',
    '| --- | ---: |',
    `| Characters in your prompt | ${prompt.length} |`,
    `| Tokens, roughly | ${tokens} |`,
    ...(brief ? [] : [`| Words | ${words} |`]),
    '',
    brief ? 'In short:' : 'What happened:',
    '',
    brief ? '- Both services got your prompt at once.' : '1. PromptPair sent your prompt to both services at the same time.',
    brief ? '- This text arrived in streamed pieces.' : '2. The simulator wrote this answer in pieces, the way a streaming service sends them.',
    systemText
      ? `${brief ? '-' : '3.'} It noted your system instruction: "${firstWords(systemText, 8)}".`
      : `${brief ? '- No system instruction.' : '3. No system instruction was set.'}`,
    '',
    '```ts',
    `const answer = await ask({ prompt: ${JSON.stringify(firstWords(prompt, 6))} });`,
    `console.log(answer.tokens); // about ${tokens}`,
    '```',
    '',
    '> Enter your own API key in the options to reach the real service.',
  ].join('\n');
}

export interface LimitedAnswer {
  text: string;
  /** Why generation ended, in neutral terms each provider maps to its own enum. */
  ending: 'stop' | 'length';
}

/** Applies stop sequences (text excluded, as the real APIs do) and then the output token limit. */
export function limitAnswer(text: string, maxTokens?: number, stopSequences: readonly string[] = []): LimitedAnswer {
  let limited = text;
  for (const stop of stopSequences) {
    const at = stop ? limited.indexOf(stop) : -1;
    if (at !== -1) limited = limited.slice(0, at);
  }
  if (maxTokens !== undefined && estimateTokens(limited) > maxTokens) {
    return { text: limited.slice(0, maxTokens * 4), ending: 'length' };
  }
  return { text: limited, ending: 'stop' };
}

/** Splits an answer into small pieces (a few words each) for streaming; joining them gives the text back. */
export function splitForStreaming(text: string, wordsPerPiece = 3): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerPiece) pieces.push(words.slice(i, i + wordsPerPiece).join(''));
  return pieces.length > 0 ? pieces : [''];
}
