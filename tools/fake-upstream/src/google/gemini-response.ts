// GenerateContentResponse bodies (docs/wire-formats.md §3.4) and their streamed form (§3.5).
import { randomBytes } from 'node:crypto';
import { estimateTokens, splitForStreaming, type LimitedAnswer } from '../simulated-text.ts';

const categories = ['HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_DANGEROUS_CONTENT', 'HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_SEXUALLY_EXPLICIT'];
const safetyRatings = (): unknown[] => categories.map((category) => ({ category, probability: 'NEGLIGIBLE' }));
const finishReason = (answer: LimitedAnswer): string => (answer.ending === 'length' ? 'MAX_TOKENS' : 'STOP');

export interface ResponseIdentity {
  modelVersion: string;
  responseId: string;
}

export function newResponseIdentity(modelId: string): ResponseIdentity {
  return { modelVersion: modelId, responseId: randomBytes(16).toString('base64url').slice(0, 22) };
}

/** Tokens a thinking model spends thinking before each answer (its text is not sent, only the count). */
export const SIMULATED_THOUGHTS_TOKENS = 48;

/** A thinking model's thoughtsTokenCount; other models' usage has no such field (§3.4). */
const thoughts = (tokens: number) => (tokens > 0 ? { thoughtsTokenCount: tokens } : {});

function usageMetadata(promptTokens: number, candidatesTokens: number, thoughtsTokens: number): Record<string, unknown> {
  return {
    promptTokenCount: promptTokens,
    candidatesTokenCount: candidatesTokens,
    totalTokenCount: promptTokens + candidatesTokens + thoughtsTokens,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokens }],
    ...thoughts(thoughtsTokens),
  };
}

/** `thoughtsTokens` is 0 for a model that does not think. */
export function buildGenerateContentResponse(answers: LimitedAnswer[], promptTokens: number, identity: ResponseIdentity, thoughtsTokens = 0): Record<string, unknown> {
  const candidatesTokens = answers.reduce((sum, answer) => sum + estimateTokens(answer.text), 0);
  return {
    candidates: answers.map((answer, index) => ({
      content: { parts: [{ text: answer.text }], role: 'model' },
      finishReason: finishReason(answer),
      index,
      safetyRatings: safetyRatings(),
    })),
    usageMetadata: usageMetadata(promptTokens, candidatesTokens, thoughtsTokens),
    ...identity,
  };
}

/** One streamed response and the tokens of text it carries (the writer paces by them). */
export interface StreamChunk {
  body: Record<string, unknown>;
  tokens: number;
}

/**
 * One complete GenerateContentResponse per piece of text. Each candidate's last piece carries its
 * finishReason; the very last chunk carries the final usageMetadata, earlier ones only the prompt count
 * and, for a thinking model, its thoughts (done before the first piece of text).
 */
export function buildStreamChunks(answers: LimitedAnswer[], promptTokens: number, identity: ResponseIdentity, thoughtsTokens = 0): StreamChunk[] {
  const candidatesTokens = answers.reduce((sum, answer) => sum + estimateTokens(answer.text), 0);
  const chunks: StreamChunk[] = [];
  answers.forEach((answer, index) => {
    const pieces = splitForStreaming(answer.text);
    pieces.forEach((piece, pieceIndex) => {
      const last = pieceIndex === pieces.length - 1;
      const candidate = {
        content: { parts: [{ text: piece }], role: 'model' },
        ...(last ? { finishReason: finishReason(answer), safetyRatings: safetyRatings() } : {}),
        index,
      };
      const partial = { promptTokenCount: promptTokens, totalTokenCount: promptTokens + thoughtsTokens, ...thoughts(thoughtsTokens) };
      const body = { candidates: [candidate], usageMetadata: partial, ...identity };
      chunks.push({ body, tokens: estimateTokens(piece) });
    });
  });
  const final = chunks.at(-1);
  if (final) final.body['usageMetadata'] = usageMetadata(promptTokens, candidatesTokens, thoughtsTokens);
  return chunks;
}
