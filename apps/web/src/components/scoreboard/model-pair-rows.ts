import type { Side, TPairTally, TTally } from '@promptpair/contract';
import { bySide } from '../../lib/spec-sides.ts';

/** One row of a model pair's table: a side's model, the model it ran against, and its votes. */
export interface ModelPairRow {
  side: Side;
  model: string;
  against: string;
  tally: TTally;
}

/**
 * A model pair's two rows, side a's model first. The scoreboard keeps side a's model and votes
 * under `chatGPTModel` and `chatGPT`, side b's under `palmAPIModel` and `palmAPI`.
 */
export function modelPairRows(pair: TPairTally): [ModelPairRow, ModelPairRow] {
  const models = { a: pair.chatGPTModel, b: pair.palmAPIModel };
  const tallies = bySide(pair);
  return [
    { side: 'a', model: models.a, against: models.b, tally: tallies.a },
    { side: 'b', model: models.b, against: models.a, tally: tallies.b },
  ];
}
