import { otherSide, type Side, type TPairTally, type TTally } from '@promptpair/contract';

/** One row of a model pair's table: a side's model, the model it ran against, and its votes. */
export interface ModelPairRow {
  side: Side;
  model: string;
  against: string;
  tally: TTally;
}

/** A model pair's two rows, side a's model first. */
export function modelPairRows(pair: TPairTally): [ModelPairRow, ModelPairRow] {
  const row = (side: Side): ModelPairRow => ({ side, model: pair.models[side], against: pair.models[otherSide(side)], tally: pair[side] });
  return [row('a'), row('b')];
}
