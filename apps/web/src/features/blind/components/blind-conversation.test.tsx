import {
  API_ROUTES,
  BLIND_CONVERSATION_TEXTS as T,
  BLIND_TEXTS,
  blindEndPath,
  blindVotePath,
  type TBlindComparisonResponse,
  type TBlindConversationReveal,
  type TBlindReveal,
  type TPairRequestInput,
} from '@promptpair/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { aResult, mockFetch } from '../../../test/fetch-mock.ts';
import { useBlindRun } from '../hooks/use-blind-run.ts';
import { BlindResults } from './blind-results.tsx';

// A blind conversation on the page: the reply box (Ctrl+Enter) sends the next turn with the keys of
// the first, the turns stay listed and numbered with the vote on the last, and the vote or the end
// shows every turn named.

beforeAll(async () => {
  await import('../../../components/answer/markdown-answer.tsx');
});

const CONVERSATION = '6f7c2b9e-0d7a-4d1e-9a51-3c6f0e2b7a10';
const request: TPairRequestInput = { prompt: 'First question', sides: { a: { service: 'claude', apiKey: 'sk-ant-own-key-0001' }, b: { service: 'router' } } };
const turn = (n: number): TBlindComparisonResponse => ({
  logId: n === 1 ? CONVERSATION : `log-${n}`,
  answerA: { message: `Shown first, turn ${n}.`, failed: false },
  answerB: { message: `Shown second, turn ${n}.`, failed: false },
  conversationId: CONVERSATION,
  turn: n,
});
const sides = {
  a: { service: 'claude', kind: 'anthropic' as const, name: 'Claude', model: 'claude-haiku-5-5' },
  b: { service: 'router', kind: 'openai-compatible' as const, name: 'Model Router', model: 'llama-3' },
};
const revealed = (vote: TBlindConversationReveal['vote']): TBlindConversationReveal => ({
  conversationId: CONVERSATION,
  answerA: 'b',
  selfNamed: { a: false, b: false },
  possiblyUnblinded: false,
  vote,
  votedTurn: vote ? 2 : null,
  sides,
  turns: [1, 2].map((n) => ({
    logId: turn(n).logId!,
    turn: n,
    prompt: n === 1 ? 'First question' : 'Second question',
    a: aResult({ message: `Shown second, turn ${n}.` }),
    b: aResult({ message: `Shown first, turn ${n}.` }),
  })),
});

function Harness() {
  const run = useBlindRun({ onSettled: () => undefined });
  return (
    <>
      <button type="button" onClick={() => void run.submit(request)}>
        Start
      </button>
      <BlindResults run={run} ownKey={false} />
    </>
  );
}

async function twoTurns() {
  let sent = 0;
  const fetch = mockFetch({ [`POST ${API_ROUTES.blindComparison}`]: () => Response.json(turn(++sent)) });
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Start' }));
  await screen.findByText('Shown first, turn 1.');
  const reply = screen.getByRole('textbox', { name: T.replyLabel });
  await user.type(reply, 'Second question');
  await user.keyboard('{Control>}{Enter}{/Control}');
  await screen.findByText('Shown first, turn 2.');
  return { fetch, user };
}

describe('a blind conversation', () => {
  it('sends the next turn with Ctrl+Enter and the first turn’s keys, lists both turns, and keeps the vote on the last', async () => {
    const { fetch } = await twoTurns();
    expect(fetch.bodiesOf(API_ROUTES.blindComparison)[1]).toEqual({ conversationId: CONVERSATION, prompt: 'Second question', apiKeys: { a: 'sk-ant-own-key-0001' } });
    expect(screen.getByRole('textbox', { name: T.replyLabel })).toHaveValue('');
    const second = screen.getByRole('region', { name: T.turnHeading(2) });
    expect(within(second).getByText('Second question')).toBeInTheDocument();
    expect(within(second).getByRole('region', { name: `${BLIND_TEXTS.answerA} answer, ${T.turnHeading(2)}` })).toHaveTextContent('Shown first, turn 2.');
    expect(within(second).getByRole('button', { name: BLIND_TEXTS.choices.a })).toBeEnabled();
    expect(within(screen.getByRole('region', { name: T.turnHeading(1) })).queryByRole('button', { name: BLIND_TEXTS.choices.a })).not.toBeInTheDocument();
  });

  it('a vote on the last turn names every turn by service and model', async () => {
    const conversation = revealed({ answerA: 'b', choice: 'b', possiblyUnblinded: false, selfNamed: { a: false, b: false }, votedAt: '2026-11-27T00:00:00.000Z' });
    const { fetch, user } = await twoTurns();
    const reveal: TBlindReveal = { logId: 'log-2', a: conversation.turns[1]!.a, b: conversation.turns[1]!.b, vote: conversation.vote!, sides, conversation };
    mockFetch({ [`POST ${blindVotePath('log-2')}`]: () => Response.json(reveal) });
    await user.click(screen.getByRole('button', { name: BLIND_TEXTS.choices.b }));
    expect(await screen.findByText(new RegExp(T.votedOnTurn(2)))).toBeInTheDocument();
    expect(screen.getByRole('region', { name: `Answer A: Model Router · llama-3 answer, ${T.turnHeading(1)}` })).toHaveTextContent('Shown first, turn 1.');
    expect(screen.getByRole('region', { name: `Answer B: Claude · claude-haiku-5-5 answer, ${T.turnHeading(2)}` })).toHaveTextContent('Shown second, turn 2.');
    expect(screen.queryByRole('textbox', { name: T.replyLabel })).not.toBeInTheDocument();
    expect(fetch.requests.some((r) => r.path === blindEndPath(CONVERSATION))).toBe(false);
  });

  it('End and reveal shows every turn without a vote', async () => {
    const { user } = await twoTurns();
    const end = mockFetch({ [`POST ${blindEndPath(CONVERSATION)}`]: () => Response.json(revealed(null)) });
    await user.click(screen.getByRole('button', { name: T.endAndReveal }));
    expect(await screen.findByText(T.endedWithoutVote)).toBeInTheDocument();
    await waitFor(() => expect(end.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(screen.getByRole('region', { name: `Answer A: Model Router · llama-3 answer, ${T.turnHeading(2)}` })).toHaveTextContent('Shown first, turn 2.');
    expect(screen.queryByRole('button', { name: BLIND_TEXTS.choices.a })).not.toBeInTheDocument();
  });
});
