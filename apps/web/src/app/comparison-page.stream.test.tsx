import { API_ROUTES, describeStoppedSide, MESSAGES, RESULT_TITLES, STREAM_CONTENT_TYPE } from '@promptpair/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNothingRuns, HOSTILE_ANSWER, MARKDOWN_ANSWER } from '../test/answers.ts';
import { aComparison, aResult, comparisonEvents, mockFetch, mockLiveComparison, sseResponse } from '../test/fetch-mock.ts';
import { renderComparisonPage } from './test/render-comparison-page.tsx';

vi.mock('react-hot-toast', () => ({ default: { error: vi.fn() } }));

// The Markdown renderer is loaded on demand; loading it first keeps its first use within the wait of a find.
beforeAll(async () => {
  await import('../components/answer/markdown-answer.tsx');
});

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

/** The page with a comparison whose stream the test writes by hand; `signal` is the request's own. */
async function startStreaming() {
  const fetch = mockLiveComparison();
  const page = renderComparisonPage();
  await page.user.type(page.prompt(), 'Hello');
  await page.user.click(page.submitButton());
  const stream = await fetch.stream();
  return { page, fetch, stream, signal: () => fetch.signal()! };
}

const meta = (box: HTMLElement, term: string) => within(box).getByText(term, { selector: 'dt' }).nextElementSibling;

describe('a streamed comparison', () => {
  it('asks for server-sent events with the XSRF token, like the JSON form', async () => {
    document.cookie = 'XSRF-TOKEN=token-1';
    const { fetch, stream } = await startStreaming();
    const sent = fetch.requests.find((r) => r.path === API_ROUTES.getChatData)!;
    expect(sent.headers.Accept).toBe(STREAM_CONTENT_TYPE);
    expect(sent.headers['Content-Type']).toBe('application/json');
    expect(Object.values(sent.headers)).toContain('token-1');
    stream.close();
  });

  it('fills both boxes as text arrives, then shows each side’s timings and speed', async () => {
    const { page, stream } = await startStreaming();
    const chat = page.box(RESULT_TITLES.chatGPT);
    const palm = page.box(RESULT_TITLES.palmAPI);
    expect(chat).toHaveTextContent(`Waiting for ${RESULT_TITLES.chatGPT}`);

    stream.send('start', { logId: 'log-7' });
    stream.send('delta', { side: 'chatGPT', text: 'Hello' });
    await waitFor(() => expect(chat).toHaveTextContent('Hello'));
    expect(palm).toHaveTextContent(`Waiting for ${RESULT_TITLES.palmAPI}`);
    stream.send('delta', { side: 'palmAPI', text: 'Hi' });
    stream.send('delta', { side: 'chatGPT', text: ' there' });
    await waitFor(() => expect(chat).toHaveTextContent('Hello there'));
    expect(palm).toHaveTextContent('Hi');
    expect(page.submitButton()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();

    stream.send('done', {
      side: 'chatGPT',
      result: aResult({ message: 'Hello there', tokens: 30, elapsedTime: 2.5, timeToFirstToken: 0.5 }),
    });
    // A service that does not stream sends its text in one piece: no time to first token.
    stream.send('done', { side: 'palmAPI', result: aResult({ message: 'Hi', tokens: 2, elapsedTime: 1, timeToFirstToken: null }) });
    stream.send('end', { logId: 'log-7' });
    stream.close();

    await waitFor(() => expect(page.submitButton()).toBeEnabled());
    expect(meta(chat, 'Time to first token')).toHaveTextContent('0.50 seconds');
    expect(meta(chat, 'Elapsed time')).toHaveTextContent('2.50 seconds');
    expect(meta(chat, 'Tokens')).toHaveTextContent('30');
    expect(meta(chat, 'Tokens per second')).toHaveTextContent('15.0');
    expect(meta(palm, 'Time to first token')).toHaveTextContent('—');
    expect(meta(palm, 'Tokens per second')).toHaveTextContent('—');
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('Stop aborts the request, keeps what arrived marked stopped, and can share the logged comparison', async () => {
    const { page, stream, signal } = await startStreaming();
    stream.send('start', { logId: 'log-stop' });
    stream.send('delta', { side: 'chatGPT', text: 'Half an ans' });
    stream.send('done', { side: 'palmAPI', result: aResult({ message: 'Palm finished.', timeToFirstToken: 0.2 }) });
    const chat = page.box(RESULT_TITLES.chatGPT);
    await waitFor(() => expect(chat).toHaveTextContent('Half an ans'));

    await page.user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(signal().aborted).toBe(true);
    await waitFor(() => expect(page.submitButton()).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(chat).toHaveTextContent('Half an ans');
    expect(within(chat.closest('section')!).getByText('Stopped')).toBeInTheDocument();
    expect(chat).toHaveTextContent(describeStoppedSide(RESULT_TITLES.chatGPT, true));
    // The side that had finished is not marked.
    const palm = page.box(RESULT_TITLES.palmAPI);
    expect(palm).toHaveTextContent('Palm finished.');
    expect(within(palm.closest('section')!).queryByText('Stopped')).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('Escape stops a running comparison; a side with no text yet says so', async () => {
    const { page, stream, signal } = await startStreaming();
    stream.send('start', { logId: 'log-esc' });
    stream.send('delta', { side: 'palmAPI', text: 'Some' });
    await waitFor(() => expect(page.box(RESULT_TITLES.palmAPI)).toHaveTextContent('Some'));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(signal().aborted).toBe(true));
    await waitFor(() => expect(page.box(RESULT_TITLES.chatGPT)).toHaveTextContent(describeStoppedSide(RESULT_TITLES.chatGPT, false)));
    expect(page.box(RESULT_TITLES.palmAPI)).toHaveTextContent('Some');
    expect(page.submitButton()).toBeEnabled();
  });

  it('a server failure after the start shows its message in the unfinished box and keeps the finished one', async () => {
    const { page, stream } = await startStreaming();
    stream.send('start', { logId: 'log-err' });
    stream.send('done', { side: 'chatGPT', result: aResult({ message: 'Done already.' }) });
    stream.send('error', { message: MESSAGES.internalError, code: 'internal_error' });
    stream.close();
    await waitFor(() => expect(within(page.box(RESULT_TITLES.palmAPI)).getByRole('alert')).toHaveTextContent(MESSAGES.internalError));
    expect(page.box(RESULT_TITLES.chatGPT)).toHaveTextContent('Done already.');
    expect(page.submitButton()).toBeEnabled();
  });

  it('a connection that drops mid-answer says so in each unfinished box', async () => {
    const { page, stream } = await startStreaming();
    stream.send('start', { logId: 'log-drop' });
    stream.send('delta', { side: 'chatGPT', text: 'Partial' });
    await waitFor(() => expect(page.box(RESULT_TITLES.chatGPT)).toHaveTextContent('Partial'));
    stream.fail();
    await waitFor(() => expect(within(page.box(RESULT_TITLES.chatGPT)).getByRole('alert')).toHaveTextContent(MESSAGES.streamInterrupted));
    expect(within(page.box(RESULT_TITLES.palmAPI)).getByRole('alert')).toHaveTextContent(MESSAGES.streamInterrupted);
    expect(page.submitButton()).toBeEnabled();
  });

  it('a refusal keeps the previous answers on screen', async () => {
    let refuse = false;
    mockFetch({
      [`POST ${API_ROUTES.getChatData}`]: () =>
        refuse
          ? Response.json({ message: MESSAGES.freeCapReached, code: 'free_cap_reached' }, { status: 429 })
          : sseResponse(comparisonEvents(aComparison())),
    });
    const page = renderComparisonPage();
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    await waitFor(() => expect(page.box(RESULT_TITLES.chatGPT)).toHaveTextContent('ChatGPT says hello.'));
    refuse = true;
    await page.user.click(page.submitButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.freeCapReached, expect.anything()));
    expect(page.box(RESULT_TITLES.chatGPT)).toHaveTextContent('ChatGPT says hello.');
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('shows a whole JSON answer at once when the server does not stream', async () => {
    mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => Response.json(aComparison()) });
    const page = renderComparisonPage();
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    await waitFor(() => expect(page.box(RESULT_TITLES.palmAPI)).toHaveTextContent('Palm API says hi.'));
    expect(page.box(RESULT_TITLES.chatGPT)).toHaveTextContent('ChatGPT says hello.');
  });

  it('each box copies its answer as written', async () => {
    const { page, stream } = await startStreaming();
    stream.send('start', { logId: 'log-copy' });
    stream.send('done', { side: 'chatGPT', result: aResult({ message: '# Title\n\n**bold**' }) });
    stream.send('done', { side: 'palmAPI', result: aResult({ message: 'Plain.' }) });
    stream.send('end', { logId: 'log-copy' });
    stream.close();
    await page.user.click(await screen.findByRole('button', { name: `Copy ${RESULT_TITLES.chatGPT} answer` }));
    expect(await navigator.clipboard.readText()).toBe('# Title\n\n**bold**');
    expect(await within(page.box(RESULT_TITLES.chatGPT).closest('section')!).findByText(MESSAGES.answerCopied)).toBeInTheDocument();
  });

  it('renders Markdown as it streams in, runs nothing from a hostile answer, and the switch shows plain text', async () => {
    const { page, stream } = await startStreaming();
    const chat = page.box(RESULT_TITLES.chatGPT);
    const palm = page.box(RESULT_TITLES.palmAPI);
    stream.send('start', { logId: 'log-md' });
    stream.send('delta', { side: 'chatGPT', text: MARKDOWN_ANSWER.slice(0, 60) });
    stream.send('delta', { side: 'palmAPI', text: HOSTILE_ANSWER });
    await waitFor(() => expect(within(chat).getByRole('heading', { name: 'Sorting' })).toBeInTheDocument());
    expectNothingRuns(palm);
    stream.send('delta', { side: 'chatGPT', text: MARKDOWN_ANSWER.slice(60) });
    stream.send('done', { side: 'chatGPT', result: aResult({ message: MARKDOWN_ANSWER }) });
    stream.send('done', { side: 'palmAPI', result: aResult({ message: HOSTILE_ANSWER }) });
    stream.send('end', { logId: 'log-md' });
    stream.close();
    await waitFor(() => expect(page.submitButton()).toBeEnabled());
    const table = await within(chat).findByRole('table');
    expect(within(table).getByRole('cell', { name: 'n log n' })).toBeInTheDocument();
    await waitFor(() => expect(chat.querySelector('pre code .hljs-keyword')).toHaveTextContent('def'));
    expectNothingRuns(palm);

    await page.user.click(screen.getByRole('button', { name: 'Plain text' }));
    expect(within(chat).queryByRole('table')).toBeNull();
    expect(chat.querySelector('.answer-plain')!.textContent).toBe(MARKDOWN_ANSWER);
    expectNothingRuns(palm);
    expect(window.localStorage.getItem('promptpair.answerView')).toBe('"plain"');
  });

  it('Show differences compares the plain text, whichever way answers are shown', async () => {
    mockFetch({
      [`POST ${API_ROUTES.getChatData}`]: () =>
        sseResponse(
          comparisonEvents(aComparison({ chatGPT: aResult({ message: '**The** sky is blue.' }), palmAPI: aResult({ message: '**The** sky is grey.' }) })),
        ),
    });
    const page = renderComparisonPage();
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    const toggle = screen.getByRole('checkbox', { name: 'Show differences' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await page.user.click(toggle);
    await waitFor(() => expect(page.box(RESULT_TITLES.chatGPT).querySelector('mark')).not.toBeNull());
    expect(page.box(RESULT_TITLES.chatGPT).querySelector('.result-box__message')!.textContent).toBe(
      `**The** sky is [only in ${RESULT_TITLES.chatGPT}: blue].`,
    );
  });
});
