// Blind conversations (docs/decisions.md, "Blind conversations"): texts the page shows once a blind
// comparison goes on past its first turn, and the server's refusals. No zod: the page loads them
// with its blind results, after the first paint.

export const BLIND_CONVERSATION_TEXTS = {
  replyLabel: 'Your next message to both answers',
  replyHint: 'Ctrl+Enter or ⌘+Enter sends it. Which service wrote which answer stays hidden until you vote.',
  send: 'Send',
  endAndReveal: 'End and reveal',
  turnHeading: (turn: number) => `Turn ${turn}`,
  youAsked: 'You asked',
  endedWithoutVote: 'You ended this conversation without a vote: it does not count in your scoreboard.',
  votedOnTurn: (turn: number) => `Your vote was on turn ${turn}.`,
  replyFailed: 'The next turn could not be sent. Please try again.',
  endFailed: 'The conversation could not be ended. Please try again.',
} as const;

/** The server's refusals of a blind conversation's turns, votes and end. */
export const BLIND_CONVERSATION_MESSAGES = {
  notBlind: 'That conversation is not a blind one of yours. Start a new blind comparison to begin one.',
  ended: 'This blind conversation has ended: its pairing is shown. Start a new blind comparison to go on blind.',
  pending: 'This conversation is blind: send its next turn in blind mode, or vote or end it to see who answered.',
  alreadyVoted: 'You have already voted in this conversation: a conversation counts once in your scoreboard.',
  endedWithoutVote: 'This conversation was ended and revealed without a vote, so it can no longer be voted on.',
  bothSides: 'In blind mode every turn goes to both answers: only, carry and regenerate are not available before the vote.',
  tooLong: (label: string, max: number) =>
    `${label}'s conversation would pass its limit of ${max.toLocaleString('en-US')} characters. Vote, or end the conversation, and start a new one.`,
  cannotGoOn: 'This blind conversation cannot go on with the services it was started on. Vote, or end it to see why.',
} as const;
