import { RESULT_TITLES, type TLogServiceData } from '@promptpair/contract';
import { Table } from 'react-bootstrap';
import { formatLogDate, type LogRow } from '../logic/log-rows.ts';
import './log-table.css';

/** Long answers are cut in the table; the downloads hold every word. */
const PREVIEW_CHARS = 300;
const preview = (text: string | null) => (text !== null && text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text);

/** One service's cell: the answer (or its error), tokens and seconds; says so when not logged. */
function ServiceCell({ data }: { data: TLogServiceData | null }) {
  if (data === null) return <span className="text-body-secondary fst-italic">Not logged</span>;
  return (
    <>
      {data.errorMsg ? <div className="text-danger">{data.errorMsg}</div> : <div className="log-table__text">{preview(data.message)}</div>}
      <div className="small text-body-secondary">
        {data.tokens !== null && <>{data.tokens} tokens · </>}
        {data.elapsedTime.toFixed(2)} s
      </div>
    </>
  );
}

/** SPEC §2 modal 5: the table of past logs, newest first. */
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
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="text-nowrap">
                <time dateTime={row.createdAt.toISOString()}>{formatLogDate(row.createdAt)}</time>
              </td>
              <td className="log-table__text">{preview(row.prompt)}</td>
              <td>
                <ServiceCell data={row.chatGPT} />
              </td>
              <td>
                <ServiceCell data={row.palmAPI} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
