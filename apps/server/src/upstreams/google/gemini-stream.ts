// streamGenerateContent with alt=sse (docs/wire-formats.md §3.5): the SDK makes the request (URL,
// headers, body, and its ApiError for a non-2xx answer), and the 200's events are read here. The
// SDK's own reader parsed each network chunk as JSON expecting it to throw, then built a Response
// per event, read it as JSON again and converted it: reading the events here cut a streamed
// comparison's CPU by about a tenth (bench/NOTEBOOK.md, "The Gemini stream read by the adapter").
import { ApiError, type GenerateContentParameters, type GoogleGenAI } from '@google/genai';
import { createParser } from 'eventsource-parser';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One event's GenerateContentResponse as plain wire JSON. Unreadable JSON throws SyntaxError (a bad
 * response); the error envelope of §3.7 sent after the 200 becomes the ApiError the SDK would have
 * raised before it, so errors.ts maps both the one way.
 */
function parseEvent(data: string): unknown {
  const chunk: unknown = JSON.parse(data);
  const error = isObject(chunk) ? chunk.error : undefined;
  if (isObject(error)) throw new ApiError({ message: data, status: typeof error.code === 'number' ? error.code : 500 });
  return chunk;
}

/** Feeds each event of the body to `onChunk` as it arrives; a body that ends mid-event has its last piece read as it is. */
async function readEvents(body: ReadableStream<Uint8Array>, onChunk: (chunk: unknown) => void): Promise<void> {
  const parser = createParser({ onEvent: (event) => onChunk(parseEvent(event.data)) });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let whole = false;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) parser.feed(decoder.decode(read.value, { stream: true }));
    whole = true;
  } finally {
    // Stopped early (a bad event, onChunk throwing): let the connection go rather than leave it unread.
    if (!whole) reader.cancel().catch(() => undefined);
  }
  parser.feed(`${decoder.decode()}\n\n`);
}

/**
 * Streams one generateContent call, handing each event's JSON to `onChunk`. `fetch` is the adapter's
 * HTTP client; the answer it gives the SDK is kept, and read here once the SDK has accepted its status.
 */
export async function streamGeminiChunks(
  ai: GoogleGenAI,
  params: GenerateContentParameters,
  fetch: typeof globalThis.fetch,
  onChunk: (chunk: unknown) => void,
): Promise<void> {
  let answer: Response | undefined;
  const keepAnswer: typeof globalThis.fetch = async (input, init) => (answer = await fetch(input, init));
  const config = { ...params.config, httpOptions: { ...params.config?.httpOptions, fetch: keepAnswer } };
  // Resolves after the SDK has checked the status (throwing ApiError otherwise); the generator it
  // returns is never started, so the SDK reads none of the body.
  await ai.models.generateContentStream({ ...params, config });
  if (!answer?.body) throw new Error('The Gemini stream has no body to read.');
  await readEvents(answer.body, onChunk);
}
