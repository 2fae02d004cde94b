import { API_ROUTES, BLIND_TEXTS, MESSAGES, RESULT_TITLES, type TBlindComparisonResponse } from '@promptpair/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { aComparison, aResult, comparisonEvents, mockFetch, sseFrame, sseResponse } from '../test/fetch-mock.ts';
import { renderComparisonPage } from './test/render-comparison-page.tsx';

// The database failed after both services answered: the answers are on the page all the same, and
// it says plainly that this comparison was not saved. Share stays hidden (there is no record), and
// nothing that reads the log (Download Output) is unlocked by it.

beforeAll(async () => {
  await import('../components/answer/markdown-answer.tsx');
});

/** Several clicks and a typed prompt each: room for a busy machine. */
const SLOW_MACHINE_MS = 30_000;
const FIND = { timeout: 10_000 };

const unsaved = aComparison({
  chatGPT: aResult({ message: 'ChatGPT answered anyway.' }),
  palmAPI: aResult({ message: 'Palm API answered anyway.' }),
  logId: null,
  unsaved: true,
});
/** What the server streams then: a start with the id it meant to use, and an end that says no record was made. */
const unsavedEvents = [...comparisonEvents({ ...unsaved, logId: 'log-meant' }).slice(0, -1), sseFrame('end', { logId: null, unsaved: true })];

async function compareWithLogOutput(page: ReturnType<typeof renderComparisonPage>) {
  await page.user.click(within(await page.openPanel('ChatGPT Options')).getByRole('checkbox', { name: 'Log output' }));
  await page.user.type(page.prompt(), 'Hello');
  await page.user.click(page.submitButton());
  await waitFor(() => expect(page.submitButton()).toBeEnabled(), FIND);
}

function expectAnsweredButNotSaved(page: ReturnType<typeof renderComparisonPage>) {
  expect(page.box(RESULT_TITLES.chatGPT)).toHaveTextContent('ChatGPT answered anyway.');
  expect(page.box(RESULT_TITLES.palmAPI)).toHaveTextContent('Palm API answered anyway.');
  expect(screen.getByText(MESSAGES.comparisonNotSaved)).toHaveAttribute('role', 'alert');
  expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download Output' })).toBeDisabled();
}

describe('a comparison the server answered but could not save', () => {
  it('streamed: shows both answers, says it was not saved, and offers no Share', async () => {
    mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => sseResponse(unsavedEvents) });
    const page = renderComparisonPage();
    await compareWithLogOutput(page);
    expectAnsweredButNotSaved(page);
  }, SLOW_MACHINE_MS);

  it('as JSON: the same', async () => {
    mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => Response.json(unsaved) });
    const page = renderComparisonPage();
    await compareWithLogOutput(page);
    expectAnsweredButNotSaved(page);
  }, SLOW_MACHINE_MS);

  it('the next comparison, saved, drops the message and offers Share again', async () => {
    let calls = 0;
    mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => (calls++ === 0 ? sseResponse(unsavedEvents) : sseResponse(comparisonEvents(aComparison()))) });
    const page = renderComparisonPage();
    await compareWithLogOutput(page);
    expect(screen.getByText(MESSAGES.comparisonNotSaved)).toBeInTheDocument();
    await page.user.click(page.submitButton());
    await screen.findByRole('button', { name: 'Share' }, FIND);
    expect(screen.queryByText(MESSAGES.comparisonNotSaved)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Output' })).toBeEnabled();
  }, SLOW_MACHINE_MS);

  it('in blind mode: shows both answers unnamed, says why there is no vote, and offers none', async () => {
    const blind: TBlindComparisonResponse = {
      logId: null,
      unsaved: true,
      answerA: { message: 'First answer, kept from the outage.', failed: false },
      answerB: { message: 'Second answer, kept too.', failed: false },
    };
    mockFetch({ [`POST ${API_ROUTES.blindComparison}`]: () => Response.json(blind) });
    const page = renderComparisonPage();
    await page.user.click(screen.getByRole('checkbox', { name: BLIND_TEXTS.toggle }));
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    expect(await screen.findByText(BLIND_TEXTS.notSaved, {}, FIND)).toHaveAttribute('role', 'alert');
    expect(screen.getByText('First answer, kept from the outage.')).toBeInTheDocument();
    expect(screen.getByText('Second answer, kept too.')).toBeInTheDocument();
    for (const choice of Object.values(BLIND_TEXTS.choices)) expect(screen.queryByRole('button', { name: choice })).not.toBeInTheDocument();
    expect(screen.queryByText(RESULT_TITLES.chatGPT)).not.toBeInTheDocument();
  }, SLOW_MACHINE_MS);
});
