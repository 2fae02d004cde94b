import { SERVICE_KEYS, type ServiceKey, type TPairTally, type TScoreboard, type TScoreboardSection, type TTally, type TVoteChoice } from '@promptpair/contract';

/** A cast vote as the scoreboard reads it. */
export interface CastVote {
  answer_a: string;
  choice: string | null;
  chatgpt_model: string | null;
  palm_model: string | null;
  chatgpt_self_named: number;
  palm_self_named: number;
  run_id: string | null;
  run_filename: string | null;
  run_created_at: string | null;
}

const emptyTally = (): TTally => ({ wins: 0, losses: 0, ties: 0, bothBad: 0 });

/** What a choice means for one service, given which one was shown as A. */
export function outcomeFor(service: ServiceKey, answerA: ServiceKey, choice: TVoteChoice): keyof TTally {
  if (choice === 'tie') return 'ties';
  if (choice === 'both_bad') return 'bothBad';
  const wasA = service === answerA;
  return (choice === 'a') === wasA ? 'wins' : 'losses';
}

function section(votes: readonly CastVote[]): TScoreboardSection {
  const byService = { chatGPT: emptyTally(), palmAPI: emptyTally() };
  const pairs = new Map<string, TPairTally>();
  let possiblyUnblinded = 0;
  for (const vote of votes) {
    const choice = vote.choice as TVoteChoice;
    const answerA = vote.answer_a as ServiceKey;
    if (vote.chatgpt_self_named || vote.palm_self_named) possiblyUnblinded += 1;
    const chatGPTModel = vote.chatgpt_model ?? 'unknown model';
    const palmAPIModel = vote.palm_model ?? 'unknown model';
    const key = JSON.stringify([chatGPTModel, palmAPIModel]);
    const pair = pairs.get(key) ?? { chatGPTModel, palmAPIModel, chatGPT: emptyTally(), palmAPI: emptyTally() };
    pairs.set(key, pair);
    for (const service of SERVICE_KEYS) {
      const outcome = outcomeFor(service, answerA, choice);
      byService[service][outcome] += 1;
      pair[service][outcome] += 1;
    }
  }
  const byModelPair = [...pairs.values()].sort((x, y) => x.chatGPTModel.localeCompare(y.chatGPTModel) || x.palmAPIModel.localeCompare(y.palmAPIModel));
  return { votes: votes.length, possiblyUnblinded, byService, byModelPair };
}

/** Sums a visitor's votes over everything and per prompt-list run (newest run first). */
export function tallyVotes(votes: readonly CastVote[]): TScoreboard {
  const runs = new Map<string, CastVote[]>();
  for (const vote of votes) {
    if (vote.run_id === null) continue;
    runs.set(vote.run_id, [...(runs.get(vote.run_id) ?? []), vote]);
  }
  return {
    overall: section(votes),
    runs: [...runs.entries()]
      .map(([runId, runVotes]) => ({ runId, filename: runVotes[0]?.run_filename ?? '', createdAt: runVotes[0]?.run_created_at ?? '', ...section(runVotes) }))
      .sort((x, y) => y.createdAt.localeCompare(x.createdAt)),
  };
}
