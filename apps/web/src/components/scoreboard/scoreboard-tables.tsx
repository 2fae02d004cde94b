import { modelPairRows } from './model-pair-rows.ts';
import { BLIND_TEXTS, SIDES, SPEC_PAIR, type TModelStanding, type TScoreboard, type TScoreboardSection, type TTally } from '@promptpair/contract';

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

/** Every model the votes touched, ranked, with its rating once it has enough votes. */
export function ModelTable({ models, caption }: { models: readonly TModelStanding[]; caption: string }) {
  if (models.length === 0) return null;
  const anyUnrated = models.some((model) => model.rating === null);
  return (
    <>
      <table className="table table-sm w-auto mb-1">
        <caption className="caption-top">
          {caption}, {BLIND_TEXTS.perModel}
        </caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Model</th>
            <th scope="col">{BLIND_TEXTS.rating}</th>
            <th scope="col">Votes</th>
            {TALLY_HEADS}
          </tr>
        </thead>
        <tbody>
          {models.map((model, index) => (
            <tr key={`${model.serviceId}|${model.model}`}>
              <td>{index + 1}</td>
              <th scope="row">{model.label}</th>
              <td>{model.rating ?? <span className="text-body-secondary">{BLIND_TEXTS.unrated}</span>}</td>
              <td>{model.votes}</td>
              {tallyCells(model)}
            </tr>
          ))}
        </tbody>
      </table>
      {anyUnrated && <p className="text-body-secondary mb-3">{BLIND_TEXTS.ratingNote}</p>}
    </>
  );
}

export function SectionTables({ section, caption }: { section: TScoreboardSection; caption: string }) {
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
          {SIDES.map((side) => (
            <tr key={side}>
              <th scope="row">{SPEC_PAIR[side].name}</th>
              {tallyCells(section.byService[SPEC_PAIR[side].service])}
            </tr>
          ))}
        </tbody>
      </table>
      <ModelTable models={section.models} caption={caption} />
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
            {section.byModelPair.flatMap(modelPairRows).map((row, index) => (
              // A pair's rows come in twos, side a's first: its models and side name its row.
              <tr key={`${index >> 1}|${row.side}|${row.model}|${row.against}`}>
                <th scope="row">{row.model}</th>
                <td>{row.against}</td>
                {tallyCells(row.tally)}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** Every section of the scoreboard: all comparisons, then each prompt-list run. */
export function ScoreboardTables({ board }: { board: TScoreboard }) {
  if (board.overall.votes === 0) return <p className="text-body-secondary mb-0">{BLIND_TEXTS.scoreboardEmpty}</p>;
  return (
    <>
      <SectionTables section={board.overall} caption="All comparisons" />
      {board.runs.map((run) => (
        <SectionTables key={run.runId} section={run} caption={`Prompt list ${run.filename}`} />
      ))}
    </>
  );
}
