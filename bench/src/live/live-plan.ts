// What the live section asks of the simulator and of the machine: the prompt that makes each
// comparison stream for a set time, and the file descriptors a level needs.
import { readFileSync } from 'node:fs';

/** 42 words written three to a piece: 14 pieces of 5 tokens each, as the simulator counts them (4 characters a token). */
const WORDS = 42;
const TOKENS = 70;

/**
 * A prompt whose answer, on both sides, streams for about `seconds`: the simulator's typed
 * directive sets the text and its pace (tokens a second), so the floor and the product are asked
 * exactly the same thing and the simulator needs no options of its own.
 */
export function livePrompt(seconds: number): string {
  const text = Array.from({ length: WORDS }, () => 'lorem').join(' ');
  const tokensPerSecond = TOKENS / seconds;
  return `How many answers can stream at once? [[all:tps=${tokensPerSecond.toFixed(4)},text=${text}]]`;
}

/**
 * File descriptors the busiest process of a level holds: the target, one socket per comparison
 * from the load generator and one per side to the simulator, plus its own files and pipes.
 */
export const descriptorsNeeded = (level: number): number => 3 * level + 200;

/** This process's limit on open files (Node raises the soft limit to the hard one at start; children inherit it). */
export function openFilesLimit(limits = readFileSync('/proc/self/limits', 'utf8')): number {
  const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
  return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
}

/** `1000,2000,5000` as levels: positive whole numbers, in the order given. */
export function parseLevels(text: string): number[] {
  const levels = text.split(',').filter(Boolean).map(Number);
  const bad = levels.find((level) => !Number.isInteger(level) || level <= 0);
  if (bad !== undefined) throw new Error(`a live level is a positive whole number of comparisons at once, not "${bad}"`);
  return levels;
}

/** `--stream-seconds 20`: a positive number of seconds. */
export function parseSeconds(option: string, text: string): number {
  const seconds = Number(text);
  if (!(seconds > 0)) throw new Error(`--${option} takes a positive number of seconds, not "${text}"`);
  return seconds;
}
