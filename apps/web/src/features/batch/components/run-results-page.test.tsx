import {
  API_ROUTES,
  batchItemsPath,
  batchItemVotePath,
  batchJobPath,
  BATCH_MESSAGES,
  PAGE_ROUTES,
  RUN_RESULTS_TEXTS,
  type TRunItem,
  type TRunItemsPage,
  type TScoreboard,
  type TScoreboardSection,
} from '@promptpair/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { aResult, mockFetch } from '../../../test/fetch-mock.ts';
import { aJob } from '../test/job-fixture.ts';
import { RunResultsPage } from './run-results-page.tsx';

beforeAll(async () => {
  await import('../../../components/answer/markdown-answer.tsx');
});

const ID = 'run-7';
/** What would tell the services apart before the vote. */
const GIVEAWAY = /chat\s?gpt|palm|gemini|gpt|openai|google|tokens|elapsed|cost|\$/i;

const blind: TRunItem = { line: 1, prompt: 'Name a fruit.', state: 'blind', answerA: { message: 'A **pear**.', failed: false }, answerB: { message: null, failed: true } };
const pending: TRunItem = { line: 2, prompt: 'Name a tree.', state: 'pending' };
const deleted: TRunItem = { line: 3, prompt: 'Name a bird.', state: 'deleted' };
const vote = { answerA: 'b' as const, choice: 'a' as const, possiblyUnblinded: false, selfNamed: { a: false, b: false }, votedAt: '2026-01-01T00:00:00.000Z' };
const revealed: TRunItem = {
  line: 1,
  prompt: 'Name a fruit.',
  state: 'revealed',
  a: aResult({ message: null, errorMsg: 'ChatGPT could not answer.', tokens: null }),
  b: aResult({ message: 'A **pear**.', model: 'gemini-2.0-flash', usage: { inputTokens: 4, outputTokens: 3 }, cost: 0.0000017 }),
  vote,
};
const page = (items: TRunItem[], n = 1, pages = 2): TRunItemsPage => ({ page: n, pages, total: 13, items });
const tally = (wins: number, losses: number) => ({ wins, losses, ties: 0, bothBad: 0 });
const section = (votes: number): TScoreboardSection => ({
  votes,
  possiblyUnblinded: 0,
  byService: { chatgpt: tally(0, votes), palm: tally(votes, 0) },
  byModelPair: [],
  models: [],
});
const board = (votes: number): TScoreboard => ({
  overall: section(votes),
  runs: votes === 0 ? [] : [{ ...section(votes), runId: ID, filename: 'fruits.txt', createdAt: '2026-01-01T00:00:00.000Z' }],
});

function renderPage(routes: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch({
    [`GET ${batchJobPath(ID)}`]: () => Response.json(aJob({ id: ID, filename: 'fruits.txt', total: 13 })),
    [`GET ${batchItemsPath(ID, 1)}`]: () => Response.json(page([blind, pending, deleted])),
    [`GET ${API_ROUTES.scoreboard}`]: () => Response.json(board(0)),
    ...routes,
  });
  render(
    <Router hook={memoryLocation({ path: `/runs/${ID}` }).hook}>
      <Route path={PAGE_ROUTES.runResults} component={RunResultsPage} />
    </Router>,
  );
  return mock;
}

const prompt = (line: number) => screen.getByRole('article', { name: RUN_RESULTS_TEXTS.prompt(line) });

describe('a run’s results view', () => {
  it('shows each prompt under its heading: blind answers with the vote, and what is still pending or deleted', async () => {
    renderPage({});
    expect(await screen.findByRole('heading', { level: 1, name: 'Results of fruits.txt' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Prompts 1–3 of 13' })).toBeInTheDocument();
    expect(await screen.findByText(RUN_RESULTS_TEXTS.noVotes)).toBeInTheDocument();

    const first = prompt(1);
    expect(within(first).getByText('Name a fruit.')).toBeInTheDocument();
    // The answer renders as every answer does (Markdown here), under its blind label only.
    const answerA = within(first).getByRole('region', { name: 'Answer A answer, Prompt 1' });
    expect(await within(answerA).findByText('pear', { selector: 'strong' })).toBeInTheDocument();
    expect(within(first).getByRole('region', { name: 'Answer B answer, Prompt 1' })).toHaveTextContent('This answer failed.');
    expect(within(first).getByRole('group', { name: 'Which answer to prompt 1 is better?' })).toBeInTheDocument();
    const answers = [...first.querySelectorAll('section')].map((node) => node.outerHTML).join('');
    expect(answers).not.toMatch(GIVEAWAY);

    expect(prompt(2)).toHaveTextContent(RUN_RESULTS_TEXTS.pending);
    expect(within(prompt(2)).queryByRole('button', { name: 'A is better' })).toBeNull();
    expect(prompt(3)).toHaveTextContent(RUN_RESULTS_TEXTS.deleted);
  });

  it('names each prompt’s answers and verdict after it, so no two landmarks or headings on a page read alike', async () => {
    renderPage({ [`GET ${batchItemsPath(ID, 1)}`]: () => Response.json(page([blind, { ...revealed, line: 2 }, { ...blind, line: 3 }])) });
    await screen.findByRole('article', { name: 'Prompt 3' });
    // getBy* finds exactly one: a name shared by two prompts would throw.
    for (const line of [1, 3]) {
      for (const label of ['Answer A', 'Answer B']) {
        expect(screen.getByRole('region', { name: `${label} answer, Prompt ${line}` })).toBeInTheDocument();
        expect(screen.getByRole('heading', { name: `${label}, Prompt ${line}` })).toBeInTheDocument();
      }
    }
    for (const line of [1, 2, 3]) {
      expect(screen.getByRole('region', { name: `Verdict, Prompt ${line}` })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: `Verdict, Prompt ${line}` })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Answer A: Palm API, Prompt 2' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Answer A: Palm API answer, Prompt 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Answer A: Palm API answer, Prompt 2' })).toBeInTheDocument();
    // The prompt is named for assistive technology only: the box shows its label as before.
    expect(within(prompt(2)).getByText('Answer A: Palm API')).toBeVisible();
    expect(screen.queryAllByRole('region', { name: 'Answer A answer' })).toHaveLength(0);
  });

  it('votes, then shows that prompt named, with its metrics, cost and verdict, and counts it in the run’s scoreboard', async () => {
    let votes = 0;
    const { bodiesOf } = renderPage({
      [`POST ${batchItemVotePath(ID, 1)}`]: () => {
        votes = 1;
        return Response.json(revealed);
      },
      [`GET ${API_ROUTES.scoreboard}`]: () => Response.json(board(votes)),
    });
    const user = userEvent.setup();
    await user.click(await within(await screen.findByRole('article', { name: 'Prompt 1' })).findByRole('button', { name: 'A is better' }));

    const first = prompt(1);
    expect((await within(first).findAllByRole('status')).some((node) => node.textContent?.startsWith('Your vote: A was better.'))).toBe(true);
    expect(bodiesOf(batchItemVotePath(ID, 1))).toEqual([{ choice: 'a' }]);
    const palm = within(first).getByRole('region', { name: 'Answer A: Palm API answer, Prompt 1' });
    expect(palm).toHaveTextContent('gemini-2.0-flash');
    expect(palm).toHaveTextContent('Tokens in / out');
    expect(palm).toHaveTextContent('$0.0000017');
    expect(within(first).getByRole('region', { name: 'Answer B: ChatGPT answer, Prompt 1' })).toHaveTextContent('ChatGPT could not answer.');
    expect(within(first).getByRole('region', { name: 'Verdict, Prompt 1' })).toHaveTextContent('Only Answer A: Palm API answered');

    const scoreboard = screen.getByRole('region', { name: RUN_RESULTS_TEXTS.scoreboard });
    await waitFor(() => expect(within(scoreboard).getByRole('row', { name: /^Palm API/ })).toHaveTextContent('Palm API1000'));
    expect(within(scoreboard).getByText(/Prompt list fruits.txt: 1 vote/)).toBeInTheDocument();
  });

  it('names a general pair’s revealed answers and verdict by each side’s service and model', async () => {
    const sides = {
      a: { service: 'claude', kind: 'anthropic' as const, name: 'Claude', model: 'claude-haiku-5-5' },
      b: { service: 'chatgpt', kind: 'openai' as const, name: 'ChatGPT', model: 'gpt-4o' },
    };
    renderPage({
      [`GET ${batchJobPath(ID)}`]: () => Response.json(aJob({ id: ID, filename: 'fruits.txt', total: 13, sides })),
      [`GET ${batchItemsPath(ID, 1)}`]: () => Response.json(page([revealed])),
    });
    const first = await screen.findByRole('article', { name: 'Prompt 1' });
    // Answer A was side b (kept where Palm API's answers are): ChatGPT · gpt-4o; side a failed.
    expect(await within(first).findByRole('region', { name: 'Answer A: ChatGPT · gpt-4o answer, Prompt 1' })).toHaveTextContent('A pear');
    expect(within(first).getByRole('region', { name: 'Answer B: Claude · claude-haiku-5-5 answer, Prompt 1' })).toHaveTextContent('ChatGPT could not answer.');
    expect(within(first).getByRole('region', { name: 'Verdict, Prompt 1' })).toHaveTextContent('Only Answer A: ChatGPT · gpt-4o answered; Answer B: Claude · claude-haiku-5-5 failed.');
    expect(first).not.toHaveTextContent(/Palm API/);
  });

  it('says why a vote was refused, in the server’s words', async () => {
    renderPage({ [`POST ${batchItemVotePath(ID, 1)}`]: () => Response.json({ code: 'conflict', message: BATCH_MESSAGES.alreadyVoted }, { status: 409 }) });
    const user = userEvent.setup();
    await user.click(await within(await screen.findByRole('article', { name: 'Prompt 1' })).findByRole('button', { name: 'Tie' }));
    await waitFor(() => expect(within(prompt(1)).getAllByRole('alert').map((node) => node.textContent)).toContain(BATCH_MESSAGES.alreadyVoted));
    expect(within(prompt(1)).getByRole('button', { name: 'Tie' })).toBeEnabled();
  });

  it('pages with the keyboard and moves focus to the new page’s heading', async () => {
    const { requests } = renderPage({ [`GET ${batchItemsPath(ID, 2)}`]: () => Response.json(page([{ line: 11, prompt: 'Name a river.', state: 'pending' }], 2)) });
    const nav = await screen.findByRole('navigation', { name: RUN_RESULTS_TEXTS.pages });
    expect(within(nav).getByRole('button', { name: RUN_RESULTS_TEXTS.previous })).toBeDisabled();
    expect(nav).toHaveTextContent('Page 1 of 2');
    within(nav).getByRole('button', { name: RUN_RESULTS_TEXTS.next }).focus();
    await userEvent.setup().keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Prompts 11–11 of 13' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(requests.some((r) => r.path === batchItemsPath(ID, 2))).toBe(true);
    expect(screen.getByRole('navigation', { name: RUN_RESULTS_TEXTS.pages })).toHaveTextContent('Page 2 of 2');
    expect(screen.getByRole('button', { name: RUN_RESULTS_TEXTS.next })).toBeDisabled();
  });

  it('says so when the run is not the visitor’s', async () => {
    renderPage({ [`GET ${batchJobPath(ID)}`]: () => Response.json({ code: 'not_found', message: BATCH_MESSAGES.notFound }, { status: 404 }) });
    expect(await screen.findByText(RUN_RESULTS_TEXTS.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
