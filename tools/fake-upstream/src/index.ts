// Public entry point of @promptpair/fake-upstream.
export type {
  FakeUpstream,
  FakeUpstreamOptions,
  RecordedRequest,
  Scenario,
  ScriptTarget,
  ServiceName,
} from './types.ts';
export { startFakeUpstream } from './start-fake-upstream.ts';
