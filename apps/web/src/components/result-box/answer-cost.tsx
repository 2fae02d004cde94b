import { COST_TEXTS, formatCost, MODEL_TEXTS, type TServiceResult } from '@promptpair/contract';

/**
 * Model, tokens in and out, and cost of one answer, as terms of the result box's metrics list.
 * An answer made before costs existed shows none of it; an unknown price says so in words.
 */
export function AnswerCostTerms({ result }: { result: TServiceResult }) {
  if (result.cost === undefined && result.usage === undefined && result.model === undefined) return null;
  return (
    <>
      {result.model && (
        <div>
          <dt>Model</dt>
          <dd>{result.model}</dd>
        </div>
      )}
      {result.usage && (
        <div>
          <dt>Tokens in / out</dt>
          <dd>
            {result.usage.inputTokens} / {result.usage.outputTokens}
            {/* Reasoning is billed as output: shown as part of it. */}
            {result.usage.reasoningTokens ? ` (${MODEL_TEXTS.reasoningTokens(result.usage.reasoningTokens)})` : null}
          </dd>
        </div>
      )}
      <div>
        <dt>Cost</dt>
        <dd title={typeof result.cost === 'number' ? COST_TEXTS.estimate : undefined}>{formatCost(result.cost)}</dd>
      </div>
    </>
  );
}
