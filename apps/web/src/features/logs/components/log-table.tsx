import { BLIND_TEXTS, blindOrder, CONVERSATION_RECORD_TEXTS, COST_TEXTS, columnNames, formatCost, RUN_CONTROL_TEXTS, SPEC_PAIR_NAMES, type PairNames, type TLogServiceData, type TVote } from '@promptpair/contract';
import { Table } from 'react-bootstrap';
import { AnswerText } from '../../../components/answer/answer-text.tsx';
import { MarkdownActions } from '../../../components/comparison-export/markdown-actions.tsx';
import { formatTokensPerSecond, tokensPerSecond } from '../../../components/result-box/answer-speed.ts';
import { formatLogDate, toLogEntries, type LogEntry, type LogRow } from '../logic/log-rows.ts';
import '../../../components/ui/scroll-cue.css';
import './log-table.css';

/** Long prompts are cut in the table; the downloads hold every word. */
const PREVIEW_CHARS = 300;
const preview = (text: string | null) => (text !== null && text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text);

/**
 * One service's cell: the whole answer as the visitor chose to see answers (in a box of its own
 * that scrolls), or its error; then tokens, seconds and speed. Says so when not logged.
 */
function ServiceCell({ name, data, named }: { name: string; data: TLogServiceData | null; named: boolean }) {
  // A pair other than the spec's names the side in its cell: the column may hold other pairs.
  const label = named && <div className="fw-semibold">{name}</div>;
  if (data === null)
    return (
      <>
        {label}
        <span className="text-body-secondary fst-italic">Not logged</span>
      </>
    );
  // A follow-up sent to the other side only: this side was not asked on this turn.
  if (data.skipped)
    return (
      <>
        {label}
        <span className="text-body-secondary fst-italic">{CONVERSATION_RECORD_TEXTS.notAsked}</span>
      </>
    );
  const rate = tokensPerSecond(data);
  return (
    <>
      {label}
      {data.errorMsg ? (
        <div className="text-danger">{data.errorMsg}</div>
      ) : (
        data.message !== null && (
          <div className="log-table__answer scroll-cue" tabIndex={0} role="group" aria-label={`${name} answer`}>
            <AnswerText text={data.message} />
          </div>
        )
      )}
      <div className="small text-body-secondary">
        {data.stopped === true && <span className="badge text-bg-warning me-1">{RUN_CONTROL_TEXTS.stopped}</span>}
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

/** The blind vote in words: the choice, which side was A and which B by name, and the self-naming flag. */
function VoteCell({ vote, names }: { vote: TVote | null; names: PairNames }) {
  if (vote === null) return <span className="text-body-secondary">–</span>;
  const order = blindOrder(vote.answerA);
  return (
    <>
      <div>{BLIND_TEXTS.votedAs[vote.choice]}</div>
      <div className="small text-body-secondary">
        A: {names[order.a]}, B: {names[order.b]}
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
  a: { result: row.answers.a, settings: row.settings?.a },
  b: { result: row.answers.b, settings: row.settings?.b },
  vote: row.vote,
  names: row.names,
});

/** A conversation's turns for the Markdown copy, each with its number. */
const markdownTurns = (turns: readonly LogRow[]) => turns.map((row) => ({ ...markdownComparison(row), turn: row.conversation?.turn ?? 1, note: choiceNote(row) }));

/** What the visitor chose for a turn, in words naming the side; undefined for a plain turn. */
function choiceNote(row: LogRow): string | undefined {
  const choice = row.conversation?.choice;
  if (!choice) return undefined;
  const names = row.names ?? SPEC_PAIR_NAMES;
  return CONVERSATION_RECORD_TEXTS.choice(choice.kind, names[choice.side]);
}

const COLUMN_COUNT = 7;

/** One record's row: a single comparison (with its Markdown copy) or a turn of a conversation (its number before the prompt). */
function RecordRow({ row, columns, inConversation = false }: { row: LogRow; columns: ReturnType<typeof columnNames>; inConversation?: boolean }) {
  const turn = inConversation ? row.conversation : undefined;
  const names = row.names ?? SPEC_PAIR_NAMES;
  // Named in the cell only when the column's heading does not already name the side.
  const named = row.names !== undefined && (columns.a !== row.names.a || columns.b !== row.names.b);
  return (
    <tr>
      <td className="text-nowrap">
        <time dateTime={row.createdAt.toISOString()}>{formatLogDate(row.createdAt)}</time>
      </td>
      <td className="log-table__text">
        {turn && <div className="fw-semibold">{CONVERSATION_RECORD_TEXTS.turn(turn.turn)}</div>}
        {turn?.choice && <div className="fst-italic text-body-secondary">{choiceNote(row)}</div>}
        {preview(row.prompt)}
        {!turn && (
          <div className="mt-2">
            <MarkdownActions comparison={markdownComparison(row)} fileId={row.id} context={formatLogDate(row.createdAt)} />
          </div>
        )}
      </td>
      <td>
        <ServiceCell name={names.a} data={row.answers.a} named={named} />
      </td>
      <td>
        <ServiceCell name={names.b} data={row.answers.b} named={named} />
      </td>
      <td className="text-nowrap">{costText(row.cost)}</td>
      <td className="text-nowrap">{costText(row.runningCost)}</td>
      <td>
        <VoteCell vote={row.vote} names={names} />
      </td>
    </tr>
  );
}

/** Single comparisons side by side share a body; each conversation has a body of its own, headed by its name and Markdown copy. */
function groupBodies(entries: readonly LogEntry[]): (LogRow[] | Extract<LogEntry, { kind: 'conversation' }>)[] {
  const bodies: (LogRow[] | Extract<LogEntry, { kind: 'conversation' }>)[] = [];
  for (const entry of entries) {
    const last = bodies.at(-1);
    if (entry.kind === 'conversation') bodies.push(entry);
    else if (Array.isArray(last)) last.push(entry.row);
    else bodies.push([entry.row]);
  }
  return bodies;
}

/** docs/product.md §2 modal 5: the table of past logs, newest first; a conversation is one entry, its turns in order. */
export function LogTable({ rows }: { rows: readonly LogRow[] }) {
  const columns = columnNames(rows);
  const bodies = groupBodies(toLogEntries(rows));
  return (
    // The wrapper scrolls sideways on narrow screens; focusable so it also scrolls from the keyboard.
    <div className="table-responsive" tabIndex={0} role="region" aria-label="Logged comparisons">
      <Table size="sm" striped bordered className="log-table small mb-0">
        <caption className="visually-hidden">Your logged comparisons, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Prompt</th>
            <th scope="col">{columns.a}</th>
            <th scope="col">{columns.b}</th>
            <th scope="col">Cost</th>
            <th scope="col">{COST_TEXTS.runningTotal}</th>
            <th scope="col">Blind vote</th>
          </tr>
        </thead>
        {bodies.map((body) => {
          if (Array.isArray(body))
            return (
              <tbody key={body[0]?.id}>
                {body.map((row) => (
                  <RecordRow key={row.id} row={row} columns={columns} />
                ))}
              </tbody>
            );
          const first = body.turns[0];
          const title = CONVERSATION_RECORD_TEXTS.logConversation(body.turns.length);
          return (
            <tbody key={body.id} className="log-table__conversation" aria-label={title}>
              <tr>
                <th scope="rowgroup" colSpan={COLUMN_COUNT} className="fw-normal">
                  <div className="d-flex flex-wrap align-items-center gap-2">
                    <span className="fw-semibold">{title}</span>
                    {first && (
                      <MarkdownActions comparison={markdownComparison(first)} turns={markdownTurns(body.turns)} fileId={body.id} context={`${title}, ${formatLogDate(first.createdAt)}`} />
                    )}
                  </div>
                </th>
              </tr>
              {body.turns.map((row) => (
                <RecordRow key={row.id} row={row} columns={columns} inConversation />
              ))}
            </tbody>
          );
        })}
      </Table>
    </div>
  );
}
