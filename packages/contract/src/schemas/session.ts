import { z } from 'zod';

/** GET /api/session: who the page is talking to, and what it may still do for free. */
export const ZSession = z.object({
  freePrompts: z.number().int(),
  freePromptsLeft: z.number().int(),
  demoMode: z.boolean(),
  subscribed: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;
