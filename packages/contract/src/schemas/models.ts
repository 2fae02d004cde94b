import { z } from 'zod';
import type { TModelOffers } from '../model-choices.ts';

const ZModelChoice = z.object({
  id: z.string(),
  retiresOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  reasons: z.boolean(),
});
const ZServiceModels = z.object({ defaultModel: z.string().nullable(), models: z.array(ZModelChoice) });

/** GET /api/models (docs/keeping-models-current.md). */
export const ZModelOffers: z.ZodType<TModelOffers> = z.object({ chatGPT: ZServiceModels, palmAPI: ZServiceModels });
