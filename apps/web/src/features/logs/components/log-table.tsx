import { BLIND_TEXTS, COST_TEXTS, RESULT_TITLES, formatCost, type ServiceKey, type TLogServiceData, type TVote } from '@promptpair/contract';
import { Table } from 'react-bootstrap';
import { AnswerText } from '../../../components/answer/answer-text.tsx';
import { MarkdownActions } from '../../../components/comparison-export/markdown-actions.tsx';
import { formatTokensPerSecond, tokensPerSecond } from '../../../components/result-box/answer-speed.ts';
import { formatLogDate, type LogRow } from '../logic/log-rows.ts';
import '../../../components/ui/scroll-cue.css';
import './log-table.css';

/** Long prompts are cut in the table; the downloads hold every word. */
const PREVIEW_CHARS = 300;
const preview = (text: string | null) => (text !== null && text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text);

/**
 * One service's cell: the whole answer as the visitor chose to see answers (in a box of its own
 * that scrolls), or its error; then tokens, seconds and speed. Says so when not logged.
 */
function ServiceCell({ service, data }: { service: ServiceKey; data: TLogServiceData | null }) {
  if (data === null) return <span className="text-body-secondary fst-italic">Not logged</span>;
  const rate = tokensPerSecond(data);
  return (
    <>
      {data.errorMsg ? (
        <div className="text-danger">{data.errorMsg}</div>
      ) : (
        data.message !== null && (
          <div className="log-table__answer scroll-cue" tabIndex={0} role="group" aria-label={`${RESULT_TITLES[service]} answer`}>
            <AnswerText text={data.message} />
          </div>
        )
      )}
      <div className="small text-body-secondary">
        {data.stopped === true && <span className="badge text-bg-warning me-1">Stopped</span>}
        {data.tokens !== null && <>{data.tokens} tokens · </>}
        {data.elapsedTime.toFixed(2)} s
        {typeof data.timeToFirstToken === 'number' && <> · first token {data.timeToFirstToken.toFixed(2)} s</>}
        {rate !== null && <> · {formatTokensPerSecond(rate)} tokens/s</>}
        {data.cost !== undefined && <> · {formatCost(data.cost)}</>}
      </div>
    </>
  );
}

const costText = (cost: { total: number; unknown: number }) =>
  `${formatCost(cost.total)}${cost.unknown > 0 ? ` (${cost.unknown} ${cost.unknown === 1 ? 'answer' : 'answers'} with ${COST_TEXTS.unknown})` : ''}`;

/** The blind vote in words: the choice, which service was A, and the self-naming flag. */
function VoteCell({ vote }: { vote: TVote | null }) {
  if (vote === null) return <span className="text-body-secondary">–</span>;
  const b = vote.answerA === 'chatGPT' ? 'palmAPI' : 'chatGPT';
  return (
    <>
      <div>{BLIND_TEXTS.votedAs[vote.choice]}</div>
      <div className="small text-body-secondary">
        A: {RESULT_TITLES[vote.answerA]}, B: {RESULT_TITLES[b]}
      </div>
      {vote.possiblyUnblinded && <div className="small">{BLIND_TEXTS.possiblyUnblinded}</div>}
    </>
  );
}

/**
 * A logged comparison for the Markdown copy, with each side's sent settings when the record kept
 * them (null: the side was left out); older records without them read as "not kept".
 */
const markdownComparison = (row: LogRow) => ({
  prompt: row.prompt,
  createdAt: row.createdAt.toISOString(),
  chatGPT: { result: row.chatGPT, settings: row.settings?.chatGPT },
  palmAPI: { result: row.palmAPI, settings: row.settings?.palmAPI },
  vote: row.vote,
});

/** docs/product.md §2 modal 5: the table of past logs, newest first. */
export function LogTable({ rows }: { rows: readonly LogRow[] }) {
  return (
    // The wrapper scrolls sideways on narrow screens; focusable so it also scrolls from the keyboard.
    <div className="table-responsive" tabIndex={0} role="region" aria-label="Logged comparisons">
      <Table size="sm" striped bordered className="log-table small mb-0">
        <caption className="visually-hidden">Your logged comparisons, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Prompt</th>
            <th scope="col">{RESULT_TITLES.chatGPT}</th>
            <th scope="col">{RESULT_TITLES.palmAPI}</th>
            <th scope="col">Cost</th>
            <th scope="col">{COST_TEXTS.runningTotal}</th>
            <th scope="col">Blind vote</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="text-nowrap">
                <time dateTime={row.createdAt.toISOString()}>{formatLogDate(row.createdAt)}</time>
              </td>
              <td className="log-table__text">
                {preview(row.prompt)}
                <div className="mt-2">
                  <MarkdownActions comparison={markdownComparison(row)} fileId={row.id} context={formatLogDate(row.createdAt)} />
                </div>
              </td>
              <td>
                <ServiceCell service="chatGPT" data={row.chatGPT} />
              </td>
              <td>
                <ServiceCell service="palmAPI" data={row.palmAPI} />
              </td>
              <td className="text-nowrap">{costText(row.cost)}</td>
              <td className="text-nowrap">{costText(row.runningCost)}</td>
              <td>
                <VoteCell vote={row.vote} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
