import { z } from 'zod';
import { BATCH_STATUSES } from './batch-constants.ts';
import { ZBlindAnswerA, ZVoteChoice } from './schemas/blind.ts';
import { ZLogServiceData } from './schemas/log.ts';

/**
 * "Your data": what the site keeps under a visitor's cookie, to see, download and
 * delete. docs/decisions.md ("Your data") says what deleting does and why.
 */
export const MY_DATA_LIMITS = {
  /** Comparisons listed in the overview, newest first; the download holds them all. */
  listedComparisons: 100,
  /** Characters of a prompt or message shown in the overview. */
  excerptChars: 200,
} as const;

export const myDataComparisonPath = (logId: string) => `/api/my-data/comparisons/${encodeURIComponent(logId)}`;
export const myDataConversationPath = (conversationId: string) => `/api/my-data/conversations/${encodeURIComponent(conversationId)}`;

const ZRun = z.object({ id: z.string(), filename: z.string(), status: z.enum(BATCH_STATUSES), total: z.number().int(), created_at: z.string() });

/** GET /api/my-data: everything kept under the visitor's cookie, keys masked, long texts cut. */
export const ZMyData = z.object({
  freePromptsUsed: z.number().int(),
  comparisons: z.object({
    /** Every logged comparison, each turn of a conversation counted. */
    total: z.number().int(),
    /** Single comparisons; a conversation's turns are listed under `conversations`. */
    latest: z.array(z.object({ id: z.string(), prompt: z.string(), created_at: z.string(), shared: z.boolean() })),
  }),
  /** Conversations, newest first: the first turn's prompt, how many turns, when it started and when its last turn was. */
  conversations: z.array(z.object({ id: z.string(), prompt: z.string(), turns: z.number().int(), created_at: z.string(), last_at: z.string(), shared: z.boolean() })),
  subscription: z
    .object({ email: z.string(), chatgptKey: z.string().nullable(), palmapiKey: z.string().nullable(), status: z.string(), created_at: z.string() })
    .nullable(),
  promptListRuns: z.array(ZRun),
  contactMessages: z.array(z.object({ email: z.string(), message: z.string(), created_at: z.string() })),
});
export type TMyData = z.infer<typeof ZMyData>;

/** GET /api/my-data/download: the same in full, as a JSON file. Never a key, not even masked. */
export const ZMyDataExport = z.object({
  exportedAt: z.string(),
  visitor: z.object({ freePromptsUsed: z.number().int(), firstSeen: z.string().nullable() }),
  comparisons: z.array(
    z.object({
      id: z.string(),
      created_at: z.string(),
      prompt: z.string(),
      chatGPT: ZLogServiceData.nullable(),
      palmAPI: ZLogServiceData.nullable(),
      logOutput: z.object({ chatGPT: z.boolean(), palmAPI: z.boolean() }),
      sharePath: z.string().nullable(),
      /** A blind comparison's order (the side shown as Answer A, `a` or `b`) and vote (choice null while it waits for one). */
      blind: z.object({ answerA: ZBlindAnswerA, choice: ZVoteChoice.nullable(), votedAt: z.string().nullable() }).nullable().optional(),
      /** A turn of a conversation: its id (the first turn's) and this turn's number; absent for a single comparison. */
      conversation: z.object({ id: z.string(), turn: z.number().int() }).optional(),
    }),
  ),
  subscription: z.object({ email: z.string(), status: z.string(), created_at: z.string(), updated_at: z.string(), keysSaved: z.literal(true) }).nullable(),
  /** `uploaded_from`: the client address the run was counted against (its limits per address); null when none was kept. */
  promptListRuns: z.array(ZRun.extend({ finished_at: z.string().nullable(), uploaded_from: z.string().nullable(), settings: z.unknown(), prompts: z.array(z.string()) })),
  contactMessages: z.array(z.object({ email: z.string(), message: z.string(), created_at: z.string() })),
});
export type TMyDataExport = z.infer<typeof ZMyDataExport>;

/** DELETE /api/my-data: how many of each were deleted. */
export const ZMyDataDeleted = z.object({
  comparisons: z.number().int(),
  shares: z.number().int(),
  subscriptions: z.number().int(),
  promptListRuns: z.number().int(),
  contactMessages: z.number().int(),
  freePromptCounters: z.number().int(),
});
export type TMyDataDeleted = z.infer<typeof ZMyDataDeleted>;

export const ZMyDataComparisonParams = z.object({ logId: z.string().max(100, { error: 'logId is not the id of a comparison (at most 100 characters).' }) });
export const ZMyDataConversationParams = z.object({
  conversationId: z.string().max(100, { error: 'conversationId is not the id of a conversation (at most 100 characters).' }),
});

/** Texts of the "Your data" dialog. */
export const MY_DATA_MESSAGES = {
  title: 'Your data',
  intro: 'This is what PromptPair keeps under the cookie of this browser. Download it, or delete it: one comparison or everything.',
  loadFailed: 'Your data could not be loaded. Please try again later.',
  deleteAllConfirm: 'Delete everything listed here? Comparisons, share links, your subscription and saved API keys, prompt-list runs and contact messages go at once, and cannot be brought back.',
  deletedAll: 'All your data was deleted. This browser now counts as a new visitor.',
  deletedComparison: 'The comparison was deleted; its share link no longer works.',
  deleteConversationConfirm: (turns: number) =>
    `Delete this conversation? All ${turns} ${turns === 1 ? 'turn' : 'turns'}, their share links and votes go at once, and cannot be brought back.`,
  deletedConversation: 'The conversation was deleted, every turn of it; its share links no longer work.',
  deleteFailed: 'The data could not be deleted. Please try again.',
  nothingStored: 'Nothing is stored under this browser yet.',
} as const;
