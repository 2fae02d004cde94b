import { BLIND_TEXTS, MESSAGES, RESULT_TITLES, type TScoreboardSection, type TTally } from '@promptpair/contract';
import { useId, useState } from 'react';
import { useScoreboard } from '../hooks/use-scoreboard.ts';

const tallyCells = (tally: TTally) => (
  <>
    <td>{tally.wins}</td>
    <td>{tally.losses}</td>
    <td>{tally.ties}</td>
    <td>{tally.bothBad}</td>
  </>
);

const TALLY_HEADS = (
  <>
    <th scope="col">Wins</th>
    <th scope="col">Losses</th>
    <th scope="col">Ties</th>
    <th scope="col">Both bad</th>
  </>
);

function SectionTables({ section, caption }: { section: TScoreboardSection; caption: string }) {
  return (
    <>
      <table className="table table-sm w-auto mb-2">
        <caption className="caption-top">
          {caption}: {section.votes} {section.votes === 1 ? 'vote' : 'votes'}
          {section.possiblyUnblinded > 0 ? `, ${section.possiblyUnblinded} possibly unblinded` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Service</th>
            {TALLY_HEADS}
          </tr>
        </thead>
        <tbody>
          {(['chatGPT', 'palmAPI'] as const).map((service) => (
            <tr key={service}>
              <th scope="row">{RESULT_TITLES[service]}</th>
              {tallyCells(section.byService[service])}
            </tr>
          ))}
        </tbody>
      </table>
      {section.byModelPair.length > 0 && (
        <table className="table table-sm w-auto mb-3">
          <caption className="caption-top">{caption}, per model pair</caption>
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Against</th>
              {TALLY_HEADS}
            </tr>
          </thead>
          <tbody>
            {section.byModelPair.flatMap((pair) => [
              <tr key={`${pair.chatGPTModel}|${pair.palmAPIModel}|c`}>
                <th scope="row">{pair.chatGPTModel}</th>
                <td>{pair.palmAPIModel}</td>
                {tallyCells(pair.chatGPT)}
              </tr>,
              <tr key={`${pair.chatGPTModel}|${pair.palmAPIModel}|p`}>
                <th scope="row">{pair.palmAPIModel}</th>
                <td>{pair.chatGPTModel}</td>
                {tallyCells(pair.palmAPI)}
              </tr>,
            ])}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The visitor's own blind votes summed: per service and model pair, overall and per prompt-list run. */
export function ScoreboardPanel({ version }: { version: number }) {
  const [open, setOpen] = useState(false);
  const { board, failed } = useScoreboard(open, version);
  const regionId = useId();
  return (
    <div className="mb-3">
      <button type="button" className="btn btn-link btn-sm p-0" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
        {BLIND_TEXTS.scoreboard}
      </button>
      {open && (
        <section id={regionId} aria-label={BLIND_TEXTS.scoreboard} className="mt-2 small">
          {failed ? (
            <p className="text-danger mb-0">{BLIND_TEXTS.scoreboardFailed}</p>
          ) : !board ? (
            <p className="text-body-secondary mb-0">{MESSAGES.loading}</p>
          ) : board.overall.votes === 0 ? (
            <p className="text-body-secondary mb-0">{BLIND_TEXTS.scoreboardEmpty}</p>
          ) : (
            <>
              <SectionTables section={board.overall} caption="All comparisons" />
              {board.runs.map((run) => (
                <SectionTables key={run.runId} section={run} caption={`Prompt list ${run.filename}`} />
              ))}
            </>
          )}
        </section>
      )}
    </div>
  );
}
