import { ANTHROPIC_ROLES, ANTHROPIC_SETTINGS } from '@promptpair/contract';
import { DescribedOptions } from './described-options.tsx';
import type { SidePanelProps } from './side-panel-props.ts';

/**
 * The Anthropic kind's panel: system prompt, temperature 0–1, top-p, top-k, max tokens and stop
 * sequences, with Anthropic's ranges from the contract (kinds/anthropic.ts), the one source the
 * server validates with too. Loaded when a side first shows it: the contract's module holds zod.
 */
export function AnthropicPanel(props: SidePanelProps<'anthropic'>) {
  return <DescribedOptions {...props} descriptors={ANTHROPIC_SETTINGS} roles={ANTHROPIC_ROLES} />;
}
