// The comparison as the API offers it: each body planned at its edge into the one internal shape,
// run by the comparison service (which takes a PlannedPair and nothing else), and answered under
// that body's names. The app hands this to the services (app.ts), as they cannot import the routes.
import type { ComparisonCore, ComparisonService } from '../../services/comparison.ts';
import { comparePlannedPair } from './pair-edge.ts';
import { compareSpecBody, type SpecEdgeDeps } from './spec-edge.ts';

export function comparisonEdges(core: ComparisonCore, deps: SpecEdgeDeps): ComparisonService {
  return {
    compare: (request, who, watcher, startsConversation) => compareSpecBody(core, deps, request, who, watcher, startsConversation),
    comparePair: (pair, info, who, watcher) => comparePlannedPair(core, pair, info, who, watcher),
  };
}
