import { DescribedOptions } from './described-options.tsx';
import type { SidePanelProps } from './side-panel-props.ts';

/** Roles of a general pair's opening messages (the contract's PAIR_MESSAGE_ROLES). */
const ROLES = ['system', 'user', 'assistant'] as const;

/** A declared OpenAI-compatible service's panel: only the settings the service declares it takes (GET /api/services). */
export function CompatiblePanel(props: SidePanelProps<'openai-compatible'>) {
  return <DescribedOptions {...props} descriptors={props.service?.settings ?? []} roles={ROLES} />;
}
