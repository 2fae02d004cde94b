// Public entry point of @promptpair/fake-upstream.
export type {
  CompatService,
  CompatServiceName,
  FakeUpstream,
  FakeUpstreamOptions,
  RecordedRequest,
  Scenario,
  ScriptTarget,
  ServiceName,
  StreamOutcome,
  AnswerStyle,
  StreamPace,
} from './types.ts';
export { startFakeUpstream } from './start-fake-upstream.ts';
export { MODEL_LIKE_PACE } from './types.ts';
export { SAMPLE_COMPAT_SERVICES } from './openai/compat-services.ts';
export { WRITE_TIME_MARKER } from './stream-writer.ts';
export { SIMULATED_THOUGHTS_TOKENS } from './google/gemini-response.ts';
