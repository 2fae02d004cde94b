import { BATCH_ROUTES, RUN_LIMIT_MESSAGES } from '@promptpair/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { aJob } from '../test/job-fixture.ts';
import { PromptListUploadForm } from './prompt-list-upload-form.tsx';

const settings = async () => ({ chatGPT: { model: 'gpt-4o', temperature: 0.5, apiKey: 'sk-typed' }, bardAPI: { topK: 10, apiKey: 'sk-…abcd' } });

describe('PromptListUploadForm', () => {
  it('sends the file with the page settings and without keys, then reports the new run', async () => {
    const { bodiesOf } = mockFetch({ [`POST ${BATCH_ROUTES.upload}`]: () => Response.json(aJob(), { status: 201 }) });
    const onUploaded = vi.fn();
    const user = userEvent.setup();
    render(<PromptListUploadForm settings={settings} onUploaded={onUploaded} />);
    await user.upload(screen.getByLabelText('Prompt list file'), new File(['one\ntwo\n'], 'list.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Run prompt list' }));
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith(aJob()));
    expect(bodiesOf(BATCH_ROUTES.upload)).toEqual([
      { filename: 'list.txt', content: 'one\ntwo\n', chatGPT: { model: 'gpt-4o', temperature: 0.5 }, bardAPI: { topK: 10 } },
    ]);
  });

  it('sends a run on any pair as its two sides, without keys or the spec’s panels', async () => {
    const { bodiesOf } = mockFetch({ [`POST ${BATCH_ROUTES.upload}`]: () => Response.json(aJob(), { status: 201 }) });
    const onUploaded = vi.fn();
    const user = userEvent.setup();
    const a = { service: 'claude', model: 'claude-haiku-5-5', settings: { temperature: 0.3 }, apiKey: 'sk-ant-typed' };
    const pair = async () => ({ ...(await settings()), sides: { a, b: { service: 'chatgpt', model: 'gpt-4o' } } });
    render(<PromptListUploadForm settings={pair} onUploaded={onUploaded} />);
    await user.upload(screen.getByLabelText('Prompt list file'), new File(['one\n'], 'pair.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Run prompt list' }));
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(bodiesOf(BATCH_ROUTES.upload)).toEqual([
      { filename: 'pair.txt', content: 'one\n', sides: { a: { service: 'claude', model: 'claude-haiku-5-5', settings: { temperature: 0.3 } }, b: { service: 'chatgpt', model: 'gpt-4o' } } },
    ]);
  });

  it("shows the server's words for a bad file, naming the line", async () => {
    const message = 'Line 3: expected an object with a "prompt" text field, such as {"prompt": "Hello"}.';
    mockFetch({ [`POST ${BATCH_ROUTES.upload}`]: () => Response.json({ message, errors: { content: [message] } }, { status: 422 }) });
    const user = userEvent.setup();
    render(<PromptListUploadForm settings={settings} onUploaded={vi.fn()} />);
    await user.upload(screen.getByLabelText('Prompt list file'), new File(['{}'], 'bad.jsonl'));
    await user.click(screen.getByRole('button', { name: 'Run prompt list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  const limits = [
    { name: 'a limit of running lists', body: { message: RUN_LIMIT_MESSAGES.runsPerIp(1, 600), code: 'run_limit_reached' } },
    { name: 'the uploads per hour', body: { message: RUN_LIMIT_MESSAGES.uploadsPerHourRetry(1800), code: 'rate_limited' } },
  ];
  for (const { name, body } of limits) {
    it(`shows when to try again when the server refuses the run for ${name} (429)`, async () => {
      mockFetch({ [`POST ${BATCH_ROUTES.upload}`]: () => Response.json(body, { status: 429, headers: { 'retry-after': '600' } }) });
      const onUploaded = vi.fn();
      const user = userEvent.setup();
      render(<PromptListUploadForm settings={settings} onUploaded={onUploaded} />);
      await user.upload(screen.getByLabelText('Prompt list file'), new File(['one'], 'list.txt'));
      await user.click(screen.getByRole('button', { name: 'Run prompt list' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(body.message);
      expect(screen.getByRole('alert')).toHaveTextContent(/Try again .*in (about )?\d+ minutes/);
      expect(onUploaded).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Run prompt list' })).toBeEnabled();
    });
  }
});
