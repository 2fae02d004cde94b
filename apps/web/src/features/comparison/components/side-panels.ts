import type { TServiceKind } from '@promptpair/contract';
import { lazy, type ComponentType } from 'react';
import { GooglePanel } from './google-panel.tsx';
import { OpenAiPanel } from './openai-panel.tsx';
import type { SidePanelProps } from './side-panel-props.ts';

/**
 * Each kind's settings panel: the one place a kind meets its panel (side-panels.test.ts fails when
 * a kind of the contract's SERVICE_KINDS has none). The spec's panels come with the page; the
 * others load when a side first shows them.
 */
export const SIDE_PANELS: { readonly [K in TServiceKind]: ComponentType<SidePanelProps<K>> } = {
  openai: OpenAiPanel,
  google: GooglePanel,
  anthropic: lazy(() => import('./anthropic-panel.tsx').then((m) => ({ default: m.AnthropicPanel }))),
  'openai-compatible': lazy(() => import('./compatible-panel.tsx').then((m) => ({ default: m.CompatiblePanel }))),
};
