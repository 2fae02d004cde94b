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

function usageMetadata(promptTokens: number, candidatesTokens: number): Record<string, unknown> {
  return {
    promptTokenCount: promptTokens,
    candidatesTokenCount: candidatesTokens,
    totalTokenCount: promptTokens + candidatesTokens,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokens }],
  };
}

export function buildGenerateContentResponse(answers: LimitedAnswer[], promptTokens: number, identity: ResponseIdentity): Record<string, unknown> {
  const candidatesTokens = answers.reduce((sum, answer) => sum + estimateTokens(answer.text), 0);
  return {
    candidates: answers.map((answer, index) => ({
      content: { parts: [{ text: answer.text }], role: 'model' },
      finishReason: finishReason(answer),
      index,
      safetyRatings: safetyRatings(),
    })),
    usageMetadata: usageMetadata(promptTokens, candidatesTokens),
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
 * finishReason; the very last chunk carries the final usageMetadata, earlier ones only the prompt count.
 */
export function buildStreamChunks(answers: LimitedAnswer[], promptTokens: number, identity: ResponseIdentity): StreamChunk[] {
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
      const body = { candidates: [candidate], usageMetadata: { promptTokenCount: promptTokens, totalTokenCount: promptTokens }, ...identity };
      chunks.push({ body, tokens: estimateTokens(piece) });
    });
  });
  const final = chunks.at(-1);
  if (final) final.body['usageMetadata'] = usageMetadata(promptTokens, candidatesTokens);
  return chunks;
}
