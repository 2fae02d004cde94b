// One comparison as a Markdown document the visitor can copy or download: the main page, the shared
// page and Log Details all build it here. Imported by its own path ('@promptpair/contract/comparison-markdown'),
// not from the index, so the page loads it with its first use; the controls' names are in
// markdown-action-texts.ts. No zod.
import { BLIND_TEXTS, type TVoteChoice } from './blind-texts.ts';
import { CONVERSATION_RECORD_TEXTS } from './conversation-record-texts.ts';
import { COST_TEXTS, formatCost } from './cost.ts';
import { SETTING_LABELS, settingValueText } from './reading-texts.ts';
import { SPEC_PAIR_NAMES, type PairNames } from './side-names.ts';
import { bySides, SIDES, type Side } from './sides.ts';
import { verdictItems } from './verdict.ts';

export const MARKDOWN_TEXTS = {
  title: 'PromptPair comparison',
  conversationTitle: 'PromptPair conversation',
  turns: (count: number) => `${count} ${count === 1 ? 'turn' : 'turns'}, in order.`,
  turn: (turn: number) => `Turn ${turn}`,
  madeOn: (when: string) => `Made on ${when}.`,
  prompt: 'Prompt',
  verdict: 'Verdict',
  blindVote: 'Blind vote',
  vote: (choice: TVoteChoice, answerA: string) => `${BLIND_TEXTS.votedAs[choice]} (Answer A was ${answerA}).`,
  measure: 'Measure',
  value: 'Value',
  model: 'Model',
  timeToFirstToken: 'Time to first token',
  elapsedTime: 'Elapsed time',
  tokens: 'Tokens',
  cost: 'Cost',
  notKnown: 'not known',
  settingsSent: 'Settings sent',
  defaults: "The service's defaults: no setting was changed.",
  settingsNotKept: 'Not kept with this record.',
  leftOut: 'Left out of this comparison.',
  messagesBeforePrompt: 'Messages before the prompt',
  answer: 'Answer',
  noAnswer: 'No answer.',
  notAsked: CONVERSATION_RECORD_TEXTS.notAsked,
  error: 'Error',
  stopped: 'Stopped before it finished; the answer is what had arrived.',
  notLogged: "This side's output was not logged.",
  // What the controls say after use, and the file they save.
  copied: 'Comparison copied as Markdown.',
  copyFailed: 'Could not copy: your browser did not allow it. Use Download instead.',
  fileName: (id: string) => `promptpair-comparison-${id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || 'export'}.md`,
} as const;

/** One side's answer, as any of the pages has it; absent fields are "not known". */
export interface MarkdownAnswer {
  message: string | null;
  errorMsg?: string | null;
  tokens?: number | null;
  elapsedTime?: number | null;
  timeToFirstToken?: number | null;
  cost?: number | null;
  /** The model the service said answered (the one priced). */
  model?: string | null;
  stopped?: boolean;
  /** A follow-up turn sent to the other side only. */
  skipped?: boolean;
}

export interface MarkdownSide {
  /** The side's name when it is not the spec's pair's ("Claude · claude-sonnet-4-6"): a general pair's side. */
  label?: string;
  /** The answer; null when this side's output was not logged. */
  result: MarkdownAnswer | null;
  /**
   * What the side was sent with: a request's settings (only the named settings are written, so a
   * key in here never is), null when the side was left out, undefined when the record did not keep them.
   */
  settings?: Readonly<Record<string, unknown>> | null;
}

export interface ComparisonMarkdownInput {
  prompt: string;
  /** ISO 8601 time the comparison was made, when known. */
  createdAt?: string | null;
  /** Side a (left) and side b (right), whatever service each ran on. */
  a: MarkdownSide;
  b: MarkdownSide;
  /** How alike the answers are (similarityFromDiff), or null when not worked out. */
  similarity: number | null;
  /** The blind vote. Callers offer a blind comparison only once it is in. */
  /** `answerA`: the side shown as Answer A. */
  vote?: { choice: TVoteChoice; answerA: Side; possiblyUnblinded: boolean } | null;
  /** The visitor sent their own key: costs are estimates. */
  ownKey?: boolean;
  /** Each side's name for a pair other than the spec's (service · model); the spec's titles otherwise. */
  names?: PairNames | undefined;
}

/** A fence longer than any run of backticks in `text`, so the text inside is kept exactly as written. */
function fenced(text: string, info: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text}\n${fence}`;
}

/** Inline code that survives backticks inside it. */
function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** A table cell's text: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
const seconds = (value: number | null | undefined) => (typeof value === 'number' ? `${value.toFixed(2)} s` : MARKDOWN_TEXTS.notKnown);

function messageLines(messages: unknown): string[] {
  if (!Array.isArray(messages) || messages.length === 0) return [];
  const lines = messages.map((entry) => {
    const message = (entry ?? {}) as { role?: unknown; author?: unknown; content?: unknown };
    const who = typeof message.role === 'string' ? message.role : typeof message.author === 'string' ? message.author : '?';
    return `${who}: ${typeof message.content === 'string' ? message.content : ''}`;
  });
  return [`- ${MARKDOWN_TEXTS.messagesBeforePrompt}:`, '', fenced(lines.join('\n'), 'text').replace(/^/gm, '  ')];
}

function settingsSection(side: MarkdownSide): string[] {
  const heading = `**${MARKDOWN_TEXTS.settingsSent}**`;
  if (side.settings === undefined) return [heading, '', MARKDOWN_TEXTS.settingsNotKept];
  if (side.settings === null) return [heading, '', MARKDOWN_TEXTS.leftOut];
  // Only the settings the panels name: an allow-list, so a key or any other field never leaks.
  const named = Object.entries(side.settings).filter(([key, value]) => key in SETTING_LABELS && key !== 'model' && value !== undefined && value !== null);
  const lines = named.map(([key, value]) => `- ${SETTING_LABELS[key]}: ${code(settingValueText(value))}`);
  lines.push(...messageLines(side.settings.messages));
  return [heading, '', ...(lines.length === 0 ? [MARKDOWN_TEXTS.defaults] : lines)];
}

/** A heading `level` deep below the document's title, moved down by `depth` inside a conversation's turn. */
const heading = (level: number, depth: number, text: string) => `${'#'.repeat(level + depth)} ${text}`;

function sideSection(title: string, side: MarkdownSide, depth: number): string[] {
  const result = side.result;
  const sentModel = side.settings?.model;
  const model = result?.model ?? (typeof sentModel === 'string' ? sentModel : null);
  const cost = result && result.cost !== undefined ? formatCost(result.cost) : MARKDOWN_TEXTS.notKnown;
  const rows: [string, string][] = [
    [MARKDOWN_TEXTS.model, model ? code(model) : MARKDOWN_TEXTS.notKnown],
    [MARKDOWN_TEXTS.timeToFirstToken, seconds(result?.timeToFirstToken)],
    [MARKDOWN_TEXTS.elapsedTime, seconds(result?.elapsedTime)],
    [MARKDOWN_TEXTS.tokens, typeof result?.tokens === 'number' ? String(result.tokens) : MARKDOWN_TEXTS.notKnown],
    [MARKDOWN_TEXTS.cost, cost],
  ];
  const out = [
    heading(2, depth, title),
    '',
    `| ${MARKDOWN_TEXTS.measure} | ${MARKDOWN_TEXTS.value} |`,
    '| --- | --- |',
    ...rows.map(([name, value]) => `| ${name} | ${cell(value)} |`),
    '',
    ...settingsSection(side),
    '',
  ];
  if (result === null) return [...out, MARKDOWN_TEXTS.notLogged, ''];
  if (result.skipped) return [...out, MARKDOWN_TEXTS.notAsked, ''];
  if (result.errorMsg) out.push(heading(3, depth, MARKDOWN_TEXTS.error), '', fenced(result.errorMsg, 'text'), '');
  if (result.stopped) out.push(`_${MARKDOWN_TEXTS.stopped}_`, '');
  if (result.message !== null) out.push(heading(3, depth, MARKDOWN_TEXTS.answer), '', fenced(result.message, 'markdown'), '');
  else if (!result.errorMsg) out.push(heading(3, depth, MARKDOWN_TEXTS.answer), '', MARKDOWN_TEXTS.noAnswer, '');
  return out;
}

/** One comparison's sections (prompt, verdict, vote, each side), their headings `depth` levels down. */
function comparisonSections(input: ComparisonMarkdownInput, depth: number): string[] {
  const ownKey = input.ownKey ?? false;
  // A general pair is named by `names`, or side by side by each side's `label`.
  const titles = input.names ?? bySides((side) => input[side].label ?? SPEC_PAIR_NAMES[side]);
  const side = (which: Side) => {
    const result = input[which].result;
    return {
      label: titles[which],
      message: result?.message ?? null,
      // An unlogged side has nothing to compare: the verdict says it did not answer.
      errorMsg: result === null ? MARKDOWN_TEXTS.notLogged : (result.errorMsg ?? null),
      elapsedTime: result?.elapsedTime ?? null,
      timeToFirstToken: result?.timeToFirstToken ?? null,
      ...(result && result.cost !== undefined ? { cost: result.cost } : {}),
    };
  };
  const [a, b] = [side('a'), side('b')];
  const verdict = verdictItems(a, b, input.similarity).map((item) => `- ${item.text}`);
  const lines = [heading(2, depth, MARKDOWN_TEXTS.prompt), '', fenced(input.prompt, 'text'), '', heading(2, depth, MARKDOWN_TEXTS.verdict), '', ...verdict, ''];
  if (ownKey && (a.cost !== undefined || b.cost !== undefined)) lines.push(`_${COST_TEXTS.estimateOwnKey}_`, '');
  if (input.vote) {
    lines.push(heading(2, depth, MARKDOWN_TEXTS.blindVote), '', MARKDOWN_TEXTS.vote(input.vote.choice, titles[input.vote.answerA]));
    if (input.vote.possiblyUnblinded) lines.push('', BLIND_TEXTS.possiblyUnblinded);
    lines.push('');
  }
  for (const which of SIDES) lines.push(...sideSection(titles[which], input[which], depth));
  return lines;
}

/**
 * The comparison as Markdown: the prompt, the verdict, the blind vote if any, then each side's
 * model, timings, tokens, cost, settings and answer. Visitor and model text sits in fences longer
 * than any backtick run inside it, so it reads back exactly as written.
 */
export function comparisonMarkdown(input: ComparisonMarkdownInput): string {
  const lines = [`# ${MARKDOWN_TEXTS.title}`, ''];
  if (input.createdAt) lines.push(MARKDOWN_TEXTS.madeOn(input.createdAt), '');
  lines.push(...comparisonSections(input, 0));
  return lines.join('\n').trimEnd() + '\n';
}

/** One turn of a conversation: a comparison with its number, and what the visitor chose for it. */
export type ConversationTurnMarkdown = ComparisonMarkdownInput & { turn: number; note?: string | undefined };

/**
 * A conversation as Markdown: every turn in order, each written as one comparison is (its
 * headings one level down, under "Turn n"). Made on the first turn's date.
 */
export function conversationMarkdown(turns: readonly ConversationTurnMarkdown[]): string {
  const lines = [`# ${MARKDOWN_TEXTS.conversationTitle}`, ''];
  const startedAt = turns[0]?.createdAt;
  if (startedAt) lines.push(MARKDOWN_TEXTS.madeOn(startedAt), '');
  lines.push(MARKDOWN_TEXTS.turns(turns.length), '');
  for (const turn of turns) {
    lines.push(`## ${MARKDOWN_TEXTS.turn(turn.turn)}`, '');
    if (turn.note) lines.push(`_${turn.note}_`, '');
    lines.push(...comparisonSections(turn, 1));
  }
  return lines.join('\n').trimEnd() + '\n';
}
