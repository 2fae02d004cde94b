// What the service pickers load after the first paint: the list of services and the rules that
// settle both sides against it (one chunk, so the page's first bundle stays within its budget).
export { getServices } from '../api/list-services.ts';
export { settleSides } from './settle-sides.ts';
