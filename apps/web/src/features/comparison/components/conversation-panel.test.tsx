import { API_ROUTES, CONVERSATION_MESSAGES, CONVERSATION_TEXTS as T, MARKDOWN_ACTION_TEXTS, type TPairRequestInput, type TServiceResult } from '@promptpair/contract';
import { MARKDOWN_TEXTS } from '@promptpair/contract/comparison-markdown';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aResult, liveSse, mockFetch, sseFrame, sseResponse } from '../../../test/fetch-mock.ts';
import { createDefaultSettings } from '../logic/settings-model.ts';
import { comparisonReducer, initialComparisonState, type ComparisonAction, type Run } from '../logic/stream-state.ts';
import { ConversationPanel } from './conversation-panel.tsx';

const TITLES = { a: 'Claude · claude-haiku-4-5', b: 'Model Router · meta/llama-3' };
const PAIR: TPairRequestInput = { prompt: 'Name a colour.', sides: { a: { service: 'claude' }, b: { service: 'router' } } };

const first: Run = (
  [
    { type: 'sent', at: 0, request: PAIR, titles: TITLES },
    { type: 'started', logId: 'conv-1', conversationId: 'conv-1', turn: 1 },
    { type: 'side-done', side: 'a', result: aResult({ message: 'Blue.', tokens: 10, cost: 0.001 }) },
    { type: 'side-done', side: 'b', result: aResult({ message: 'Red.', tokens: 20, cost: 0.002 }) },
    { type: 'ended', logId: 'conv-1' },
  ] satisfies ComparisonAction[]
).reduce(comparisonReducer, initialComparisonState).run as Run;

/** A follow-up turn as the server streams it: its sides named a and b. */
function turnFrames(turn: number, a: Partial<TServiceResult>, b: Partial<TServiceResult>) {
  return [
    sseFrame('start', { logId: `log-${turn}`, conversationId: 'conv-1', turn }),
    ...(a.message ? [sseFrame('delta', { side: 'a', text: a.message })] : []),
    sseFrame('done', { side: 'a', result: aResult(a) }),
    sseFrame('done', { side: 'b', result: aResult(b) }),
    sseFrame('end', { logId: `log-${turn}` }),
  ];
}

beforeAll(async () => {
  await import('../../../components/answer/markdown-answer.tsx');
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

function renderPanel() {
  const onSettled = vi.fn();
  const user = userEvent.setup();
  render(<ConversationPanel first={first} settings={createDefaultSettings()} ownKey={false} onSettled={onSettled} />);
  return { user, onSettled, reply: () => screen.getByRole('textbox', { name: T.replyLabel }) };
}

/** The conversation's live region (each answer's Copy button has its own status too). */
const liveStatus = () => screen.getAllByRole('status').find((element) => element.tagName === 'P') as HTMLElement;
const turnSection = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}\\b`) });

describe('the conversation under a first comparison', () => {
  it('sends the reply to both sides, shows the turn with its answers, and adds it to the running totals', async () => {
    const fetch = mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => sseResponse(turnFrames(2, { message: 'Green.', tokens: 5, cost: 0.0005 }, { message: 'Yellow.', tokens: 7, cost: 0.0007 })) });
    const { user, reply, onSettled } = renderPanel();
    const totals = screen.getByRole('region', { name: T.totals });
    expect(totals).toHaveTextContent(T.sideTotal(TITLES.a, 1, 10, { total: 0.001, unknown: 0 }));

    await user.type(reply(), 'Another one?');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.getByRole('region', { name: `${TITLES.b} answer, ${T.turn(2)}` })).toHaveTextContent('Yellow.'));
    expect(fetch.bodiesOf(API_ROUTES.getChatData)).toEqual([{ conversationId: 'conv-1', prompt: 'Another one?' }]);
    expect(screen.getByRole('region', { name: `${TITLES.a} answer, ${T.turn(2)}` })).toHaveTextContent('Green.');
    expect(turnSection(T.turn(2))).toHaveTextContent(`${T.you}: Another one?`);
    expect(liveStatus()).toHaveTextContent(T.status.complete(2));
    expect(totals).toHaveTextContent(T.sideTotal(TITLES.a, 2, 15, { total: 0.0015, unknown: 0 }));
    expect(totals).toHaveTextContent(T.sideTotal(TITLES.b, 2, 27, { total: 0.0027, unknown: 0 }));
    expect(reply()).toHaveValue('');
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('copies the whole conversation as one Markdown document, every turn in order', async () => {
    mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => sseResponse(turnFrames(2, { message: 'Green.' }, { message: 'Yellow.' })) });
    const { user, reply } = renderPanel();
    await user.type(reply(), 'Another one?');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(liveStatus()).toHaveTextContent(T.status.complete(2)));
    const [copy] = await screen.findAllByText(MARKDOWN_ACTION_TEXTS.copy, { selector: 'button' });
    await user.click(copy!);
    await waitFor(async () => expect(await navigator.clipboard.readText()).toContain('## Turn 2'));
    const markdown = await navigator.clipboard.readText();
    expect(markdown.startsWith(`# ${MARKDOWN_TEXTS.conversationTitle}`)).toBe(true);
    expect(markdown).toContain('```text\nName a colour.\n```');
    expect(markdown).toContain('```text\nAnother one?\n```');
    expect(markdown.indexOf('```markdown\nBlue.\n```')).toBeLessThan(markdown.indexOf('```markdown\nGreen.\n```'));
  });

  it('carries one side’s answer to both, asks one side only, regenerates that side without a prompt, and shows each choice', async () => {
    const frames = [
      turnFrames(2, { message: 'Carried on.' }, { message: 'Also carried.' }),
      turnFrames(3, { message: 'Just Claude.' }, { message: null, skipped: true, tokens: null }),
      turnFrames(3, { message: 'Claude again.' }, { message: null, skipped: true, tokens: null }),
    ];
    const fetch = mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => sseResponse(frames.shift() ?? []) });
    const { user, reply } = renderPanel();

    await user.type(reply(), 'Go on from Claude');
    await user.click(screen.getByRole('button', { name: T.carry(TITLES.a) }));
    await waitFor(() => expect(turnSection(T.turn(2))).toHaveTextContent(T.choiceMade.carry(TITLES.a)));

    await user.type(reply(), 'Only you');
    await user.click(screen.getByRole('button', { name: T.only(TITLES.a) }));
    await waitFor(() => expect(turnSection(T.turn(3))).toHaveTextContent(T.notAsked(TITLES.b)));
    expect(turnSection(T.turn(3))).toHaveTextContent(T.choiceMade.only(TITLES.a));

    // The router was not asked turn 3: it has nothing to carry or ask again; Claude has.
    expect(screen.getByRole('button', { name: T.regenerate(TITLES.b) })).toBeDisabled();
    expect(screen.getByRole('button', { name: T.carry(TITLES.b) })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: T.regenerate(TITLES.a) }));
    const again = T.turn(3, 2);
    await waitFor(() => expect(screen.getByRole('region', { name: `${TITLES.a} answer, ${again}` })).toHaveTextContent('Claude again.'));
    expect(turnSection(again)).toHaveTextContent(`${T.you}: Only you`);
    expect(turnSection(again)).toHaveTextContent(T.choiceMade.regenerate(TITLES.a));

    expect(fetch.bodiesOf(API_ROUTES.getChatData)).toEqual([
      { conversationId: 'conv-1', prompt: 'Go on from Claude', carry: 'a' },
      { conversationId: 'conv-1', prompt: 'Only you', only: 'a' },
      { conversationId: 'conv-1', regenerate: 'a' },
    ]);
  });

  it('shows the server’s refusal beside the reply box and keeps what was typed', async () => {
    const message = CONVERSATION_MESSAGES.tooManyTurns(3);
    mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => Response.json({ message, code: 'validation_failed' }, { status: 422 }) });
    const { user, reply } = renderPanel();
    await user.type(reply(), 'One more');
    await user.click(screen.getByRole('button', { name: T.send }));
    const form = screen.getByRole('form', { name: T.replyLabel });
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(message));
    expect(reply()).toHaveValue('One more');
    expect(reply()).toHaveAccessibleErrorMessage(message);
    expect(screen.queryByRole('region', { name: new RegExp(T.turn(2)) })).not.toBeInTheDocument();
  });

  it('asks for a message before sending an empty reply, and sends nothing', async () => {
    const fetch = mockFetch();
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: T.only(TITLES.b) }));
    expect(screen.getByRole('alert')).toHaveTextContent(CONVERSATION_MESSAGES.promptRequired);
    expect(fetch.bodiesOf(API_ROUTES.getChatData)).toEqual([]);
  });

  it('stops the running turn on its own: what arrived stays, marked stopped, and the next turn can go', async () => {
    let stream: ReturnType<typeof liveSse> | undefined;
    mockFetch({
      [`POST ${API_ROUTES.getChatData}`]: (_body, init) => {
        stream = liveSse(init.signal);
        return stream.response;
      },
    });
    const { user, reply } = renderPanel();
    await user.type(reply(), 'Write at length');
    await user.click(screen.getByRole('button', { name: T.send }));
    await waitFor(() => expect(stream).toBeDefined());
    stream!.send('start', { logId: 'log-2', conversationId: 'conv-1', turn: 2 });
    stream!.send('delta', { side: 'a', text: 'The first half' });
    const box = () => screen.getByRole('region', { name: `${TITLES.a} answer, ${T.turn(2)}` });
    await waitFor(() => expect(box()).toHaveTextContent('The first half'));
    expect(liveStatus()).toHaveTextContent(T.status.waiting(2));
    expect(screen.getByRole('button', { name: T.carry(TITLES.a) })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: T.stop }));
    await waitFor(() => expect(liveStatus()).toHaveTextContent(T.status.stopped(2)));
    expect(box()).toHaveTextContent('The first half');
    expect(box()).toHaveTextContent('Stopped');
    expect(screen.queryByRole('button', { name: T.stop })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.send })).toBeEnabled();
    // A stopped answer is in no history: it can be neither carried nor asked again; one side can go on alone.
    expect(screen.getByRole('button', { name: T.carry(TITLES.a) })).toBeDisabled();
    expect(screen.getByRole('button', { name: T.regenerate(TITLES.a) })).toBeDisabled();
    expect(screen.getByRole('button', { name: T.only(TITLES.a) })).toBeEnabled();
  });
});
