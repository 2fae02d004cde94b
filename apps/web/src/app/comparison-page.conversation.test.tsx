import { API_ROUTES, CONVERSATION_TEXTS as T, RESULT_TITLES } from '@promptpair/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { aComparison, aResult, comparisonEvents, mockFetch, sseFrame, sseResponse } from '../test/fetch-mock.ts';
import { renderComparisonPage } from './test/render-comparison-page.tsx';

beforeAll(async () => {
  await import('../components/answer/markdown-answer.tsx');
  await import('../features/comparison/components/conversation-panel.tsx');
});

/** The spec's pair answered as a turn of conversation `id` (its `start` names it). */
function firstTurn(id: string, message: string) {
  const [, ...rest] = comparisonEvents(aComparison({ logId: id, chatGPT: aResult({ message }) }));
  return [sseFrame('start', { logId: id, conversationId: id, turn: 1 }), ...rest];
}

const followUp = [
  sseFrame('start', { logId: 'log-2', conversationId: 'conv-1', turn: 2 }),
  sseFrame('done', { side: 'a', result: aResult({ message: 'Second ChatGPT answer.' }) }),
  sseFrame('done', { side: 'b', result: aResult({ message: 'Second Palm answer.' }) }),
  sseFrame('end', { logId: 'log-2' }),
];

describe('a conversation on the comparison page', () => {
  it('appears once a first comparison began one; a new comparison from the prompt begins another', async () => {
    const answers = [firstTurn('conv-1', 'First answer.'), followUp, firstTurn('conv-9', 'A new start.')];
    const fetch = mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => sseResponse(answers.shift() ?? []) });
    const page = renderComparisonPage();
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());

    const reply = await screen.findByRole('textbox', { name: T.replyLabel });
    await page.user.type(reply, 'And then?');
    await page.user.click(screen.getByRole('button', { name: T.send }));
    const second = `${RESULT_TITLES.palmAPI} answer, ${T.turn(2)}`;
    await waitFor(() => expect(screen.getByRole('region', { name: second })).toHaveTextContent('Second Palm answer.'));
    expect(screen.getByRole('button', { name: T.carry(RESULT_TITLES.chatGPT) })).toBeEnabled();

    await page.user.click(page.submitButton());
    await waitFor(() => expect(page.box(RESULT_TITLES.chatGPT)).toHaveTextContent('A new start.'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: T.replyLabel })).toHaveValue(''));
    expect(screen.queryByRole('region', { name: second })).not.toBeInTheDocument();
    const bodies = fetch.bodiesOf(API_ROUTES.getChatData);
    expect(bodies[1]).toEqual({ conversationId: 'conv-1', prompt: 'And then?' });
    expect(bodies[2]).toMatchObject({ prompt: 'Hello' });
  });

  it('begins one from a JSON answer too (a server or proxy that does not stream)', async () => {
    const fetch = mockFetch({
      [`POST ${API_ROUTES.getChatData}`]: (body) =>
        (body as { conversationId?: string }).conversationId
          ? Response.json({ a: aResult({ message: 'Turn two, whole.' }), b: aResult({ message: 'Also whole.' }), logId: 'log-2', conversationId: 'conv-3', turn: 2 })
          : Response.json({ ...aComparison({ logId: 'conv-3' }), conversationId: 'conv-3', turn: 1 }),
    });
    const page = renderComparisonPage();
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    await page.user.type(await screen.findByRole('textbox', { name: T.replyLabel }), 'More');
    await page.user.click(screen.getByRole('button', { name: T.send }));
    await waitFor(() => expect(screen.getByRole('region', { name: `${RESULT_TITLES.chatGPT} answer, ${T.turn(2)}` })).toHaveTextContent('Turn two, whole.'));
    expect(fetch.bodiesOf(API_ROUTES.getChatData)[1]).toEqual({ conversationId: 'conv-3', prompt: 'More' });
  });

  it('begins none when the first answer names no conversation (blind, or a server without them)', async () => {
    mockFetch();
    const page = renderComparisonPage();
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    await waitFor(() => expect(page.box(RESULT_TITLES.chatGPT)).toHaveTextContent('ChatGPT says hello.'));
    expect(screen.queryByRole('textbox', { name: T.replyLabel })).not.toBeInTheDocument();
  });
});
