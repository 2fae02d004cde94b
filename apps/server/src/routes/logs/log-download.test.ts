import { API_ROUTES, logDownloadPath, type TComparisonResponse, type TLogExportEntry } from '@promptpair/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutraliseFormula } from '../../services/log-export.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TRICKY_PROMPT = 'Say "hello, world", then\na second line, with ""quotes"" and a comma,\r\nand the end';
/** Rows as a spreadsheet app reads them: BOM dropped, the header naming the columns. */
const csvRows = (text: string) => parse<Record<string, string>>(text, { bom: true, columns: true });
const logBoth = { chatGPT: { logOutput: true }, bardAPI: { logOutput: true } };

async function visitorWithLog(prompts: string[], extra: object = logBoth) {
  const visitor = server.client();
  const answers: TComparisonResponse[] = [];
  for (const prompt of prompts) answers.push((await visitor.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt, ...extra })).body);
  return { visitor, answers };
}

describe('GET /log-details/download', () => {
  it('gives a CSV: one row per prompt, both answers side by side, tricky text round-trips', async () => {
    const { visitor, answers } = await visitorWithLog(['plain first', TRICKY_PROMPT]);
    const { status, headers, text } = await visitor.get(logDownloadPath('csv'));
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toMatch(/^attachment; filename="promptpair-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csvRows(text);
    expect(rows).toHaveLength(2);
    const [tricky, plain] = rows;
    expect(tricky!.prompt).toBe(TRICKY_PROMPT);
    expect(plain!.prompt).toBe('plain first');
    const latest = answers[1]!;
    expect(tricky).toMatchObject({
      chatgpt_message: latest.chatGPT.message,
      chatgpt_tokens: String(latest.chatGPT.tokens),
      chatgpt_elapsed_s: String(latest.chatGPT.elapsedTime),
      chatgpt_error: '',
      palm_message: latest.palmAPI.message,
      palm_tokens: String(latest.palmAPI.tokens),
      palm_elapsed_s: String(latest.palmAPI.elapsedTime),
      palm_error: '',
    });
  });

  it('gives JSON: every record with its answers as objects', async () => {
    const { visitor, answers } = await visitorWithLog([TRICKY_PROMPT]);
    const { status, headers, body } = await visitor.get<TLogExportEntry[]>(logDownloadPath('json'));
    expect(status).toBe(200);
    expect(headers.get('content-disposition')).toMatch(/filename="promptpair-log-.*\.json"/);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ prompt: TRICKY_PROMPT, id: answers[0]!.logId });
    expect(body[0]!.chatGPT).toMatchObject({ message: answers[0]!.chatGPT.message, tokens: answers[0]!.chatGPT.tokens });
    expect(body[0]!.palmAPI?.rawOutput).toEqual(answers[0]!.palmAPI.rawOutput);
  });

  it("holds only the caller's logged comparisons, with unlogged sides left empty", async () => {
    const { visitor } = await visitorWithLog(['chatgpt only'], { chatGPT: { logOutput: true } });
    await visitor.post(API_ROUTES.getChatData, { prompt: 'not logged' });
    await visitorWithLog(['someone else']);
    const { body } = await visitor.get<TLogExportEntry[]>(logDownloadPath('json'));
    expect(body.map((e) => e.prompt)).toEqual(['chatgpt only']);
    expect(body[0]!.palmAPI).toBeNull();
    const rows = csvRows((await visitor.get(logDownloadPath('csv'))).text);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ palm_message: '', palm_tokens: '', palm_elapsed_s: '' });
  });

  it('keeps the error text of a failed side', async () => {
    server.fake.script('openai', { status: 500 }, Infinity);
    try {
      const { visitor, answers } = await visitorWithLog(['fails on one side']);
      const rows = csvRows((await visitor.get(logDownloadPath('csv'))).text);
      expect(rows[0]!.chatgpt_error).toBe(answers[0]!.chatGPT.errorMsg);
      expect(rows[0]!.chatgpt_message).toBe('');
    } finally {
      server.fake.reset();
    }
  });

  it('keeps spreadsheet formulas from running', async () => {
    expect(neutraliseFormula('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(neutraliseFormula('@SUM(1)')).toBe("'@SUM(1)");
    expect(neutraliseFormula('plain = text')).toBe('plain = text');
  });

  it('answers 422 for an unknown format and an empty file for an empty log', async () => {
    const visitor = server.client();
    expect((await visitor.get(`${API_ROUTES.logDownload}?format=xml`)).status).toBe(422);
    expect((await visitor.get(logDownloadPath('json'))).body).toEqual([]);
    const csv = (await visitor.get(logDownloadPath('csv'))).text;
    expect(parse(csv, { bom: true })).toEqual([[
      'created_at', 'prompt',
      'chatgpt_message', 'chatgpt_tokens', 'chatgpt_elapsed_s', 'chatgpt_error', 'chatgpt_model', 'chatgpt_input_tokens', 'chatgpt_output_tokens', 'chatgpt_cost_usd',
      'palm_message', 'palm_tokens', 'palm_elapsed_s', 'palm_error', 'palm_model', 'palm_input_tokens', 'palm_output_tokens', 'palm_cost_usd',
      'blind_answer_a', 'vote', 'vote_possibly_unblinded',
      'side_a_service', 'side_a_model', 'side_b_service', 'side_b_model',
      'conversation_id', 'turn', 'turn_choice',
    ]]);
  });
});
