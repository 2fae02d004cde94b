import type { TBatchUploadInput, TServiceInfo } from '@promptpair/contract';
import { buildComparisonRequest } from './build-request.ts';
import type { ComparisonSettings } from './settings-model.ts';
import { isSpecPair } from './side-settings.ts';

/** What a prompt-list run takes from the page: the spec's two panels, or a general pair's sides. */
export type RunSettings = Omit<TBatchUploadInput, 'filename' | 'content'>;

/**
 * The page's settings as a run started now sends them: the spec's pair as the spec's body does, any
 * other pair as the general pair's sides (the run API's `sides`, docs/decisions.md "Any service on
 * either side"), whose builder is loaded only then. Keys and 'log output' still ride along; the
 * upload leaves them out, since a run uses the saved keys and logs every prompt.
 */
export async function runSettings(settings: ComparisonSettings, services: readonly TServiceInfo[] | null): Promise<RunSettings> {
  if (isSpecPair(settings)) {
    const { prompt: _prompt, ...spec } = buildComparisonRequest('', settings);
    return spec;
  }
  const { buildPairRequest } = await import('./pair-request.ts');
  return { sides: buildPairRequest('', settings, services).sides };
}
