// Types for the two files of undici that upstream-fetch.ts loads on their own: the package's own
// types describe its index, which re-exports both.
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}

declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  /** `dispatcher.request(options)`, which undici's index adds to every dispatcher's prototype. */
  export default function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
}
