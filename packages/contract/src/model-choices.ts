// What the page's model pickers show, per side (docs/keeping-models-current.md). No zod here, so
// the page can use it from its first bundle; schemas/models.ts checks the route's answer.

/** One model a picker offers. */
export interface TModelChoice {
  id: string;
  /** The day the service stops answering for it, YYYY-MM-DD, when it has announced one. */
  retiresOn?: string | undefined;
  /** A model that reasons before answering: it takes reasoning effort / a thinking budget, and may refuse sampling settings. */
  reasons: boolean;
}

/** One side's models, newest first, and the model a side gets when it names none (null: the list is empty). */
export interface TServiceModels {
  defaultModel: string | null;
  models: TModelChoice[];
}

/** GET /api/models: both sides' offers. */
export interface TModelOffers {
  chatGPT: TServiceModels;
  palmAPI: TServiceModels;
}

/** How a picker names a model: its id, and its retirement day when announced. */
export function modelChoiceLabel(choice: TModelChoice): string {
  return choice.retiresOn ? `${choice.id} (retires ${choice.retiresOn})` : choice.id;
}

/** Texts about model choice; the contract's one place for them. */
export const MODEL_TEXTS = {
  /** A model the visitor's browser remembered is no longer offered: the default took its place. */
  /** `service`: the side's service as the visitor sees it named ("ChatGPT"). */
  rememberedModelGone: (service: string, remembered: string, replacement: string) =>
    `${service}: the model "${remembered}" you used last time is no longer offered, so "${replacement}" is selected.`,
  /** A free prompt (the operator's key) for a model outside the operator's offer: 422, nothing sent. */
  notOffered: (serviceName: string, model: string, offered: readonly string[]) =>
    offered.length > 0
      ? `Free prompts on ${serviceName} can use only the models this site offers (${offered.join(', ')}); "${model}" is not one of them. Pick one of those, or enter your own API key to use any model it can reach.`
      : `Free prompts on ${serviceName} cannot be sent right now: this site offers no ${serviceName} model. Enter your own API key to use any model it can reach.`,
  /** The ChatGPT panel, for a model that reasons: which settings it does not take. */
  reasoningSkips: (settings: readonly string[]) =>
    `This model reasons before answering and does not take ${settings.join(', ')}: they are not sent unless you tick "Send them anyway".`,
  sendAnyway: 'Send them anyway',
  reasoningEffort: 'Reasoning effort',
  thinkingBudget: 'Thinking budget (tokens)',
  reasoningTokens: (tokens: number) => `${tokens} of them reasoning`,
} as const;
