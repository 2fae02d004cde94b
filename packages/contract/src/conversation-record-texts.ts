// What the pages say of a conversation's records: the shared page, Log Details and "Your data". No zod.

export const CONVERSATION_RECORD_TEXTS = {
  /** Above a shared conversation's turns. */
  sharedTurns: (count: number) => `A conversation of ${count} ${count === 1 ? 'turn' : 'turns'}, shown in order.`,
  turn: (turn: number) => `Turn ${turn}`,
  /** What the visitor chose for a turn, `name` the side's name. */
  choice: (kind: 'carry' | 'only' | 'regenerate', name: string) =>
    kind === 'carry' ? `${name}'s last answer carried to both sides.` : kind === 'only' ? `Asked of ${name} only.` : `${name} answered again.`,
  /** A side a follow-up was not sent to. */
  notAsked: 'Not asked on this turn.',
  /** Log Details: the row that heads a conversation's turns. */
  logConversation: (count: number) => `Conversation, ${count} ${count === 1 ? 'turn' : 'turns'}`,
  /** "Your data": a conversation's line. */
  turnsCount: (count: number) => `${count} ${count === 1 ? 'turn' : 'turns'}`,
} as const;
