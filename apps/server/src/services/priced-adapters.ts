// Every answer priced in one place: the adapters report the model and the tokens,
// this wrapper adds the cost from the price table, for single comparisons and prompt lists alike.
import { answerCost, type TAnswerCostFields, type TPriceTable } from '@promptpair/contract';
import type { Adapters } from '../upstreams/index.ts';
import type { Generation, ServiceAdapter, UpstreamConfig } from '../upstreams/types.ts';
import { GOOGLE_BUILT_IN_DEFAULT } from '../upstreams/google/catalog.ts';
import { OPENAI_BUILT_IN_DEFAULT } from '../upstreams/openai/catalog.ts';

/** Prices by the model that answered, else by the model asked for (a preview snapshot may have no row of its own). */
export function priced<S extends { model?: string | undefined }>(adapter: ServiceAdapter<S>, prices: TPriceTable, fallbackModel: string): ServiceAdapter<S> {
  return {
    ...adapter,
    async generate(input) {
      const answer = await adapter.generate(input);
      const requested = (input.settings.model ?? fallbackModel).replace(/^models\//, '');
      return { ...answer, cost: answerCost(prices, answer.model, answer.usage) ?? answerCost(prices, requested, answer.usage) };
    },
  };
}

/** Wraps an adapter factory so every adapter it makes prices its answers. */
export function withPrices(createAdapters: (config: UpstreamConfig) => Adapters, prices: TPriceTable) {
  return (config: UpstreamConfig): Adapters => {
    const adapters = createAdapters(config);
    return { openai: priced(adapters.openai, prices, OPENAI_BUILT_IN_DEFAULT), google: priced(adapters.google, prices, GOOGLE_BUILT_IN_DEFAULT) };
  };
}

/** An answer's cost fields as a result carries them. */
export function costFields(answer: Generation): TAnswerCostFields {
  return { ...(answer.model ? { model: answer.model } : {}), usage: answer.usage ?? null, cost: answer.cost ?? null };
}
