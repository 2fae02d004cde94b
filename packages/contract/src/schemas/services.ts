// GET /api/services: the services a visitor can put on either side, with their models and settings.
import { z } from 'zod';
import { SERVICE_KINDS } from '../kinds/kinds.ts';
import type { SettingDescriptor } from '../kinds/setting-descriptors.ts';

const ZSliderRange = z.object({ min: z.number(), max: z.number(), step: z.number(), default: z.number() });
const base = { name: z.string(), label: z.string(), help: z.string() };
export const ZSettingDescriptor: z.ZodType<SettingDescriptor> = z.discriminatedUnion('control', [
  z.object({ ...base, control: z.literal('slider'), range: ZSliderRange, integer: z.boolean() }),
  z.object({ ...base, control: z.literal('text'), maxChars: z.number().int() }),
  z.object({ ...base, control: z.literal('text-list'), maxItems: z.number().int(), maxCharsEach: z.number().int() }),
]);

export const ZServiceInfo = z.object({
  id: z.string(),
  kind: z.enum(SERVICE_KINDS),
  /** The name the visitor sees (box titles, error texts, downloads). */
  name: z.string(),
  /** Models a side of this service may use on the operator's key, default first when listed. */
  models: z.array(z.string()),
  defaultModel: z.string(),
  settings: z.array(ZSettingDescriptor),
  /** Whether the operator's key (or the demo simulator) answers free prompts on it; otherwise a visitor's own key is needed. */
  freePrompts: z.boolean(),
});
export type TServiceInfo = z.infer<typeof ZServiceInfo>;

export const ZServiceList = z.object({ services: z.array(ZServiceInfo) });
export type TServiceList = z.infer<typeof ZServiceList>;
