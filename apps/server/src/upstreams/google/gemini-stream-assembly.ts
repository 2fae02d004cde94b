// Streamed GenerateContentResponse pieces (docs/wire-formats.md §3.5) put back together as the one
// response a whole answer would have been (§3.4), so fromGeminiResponse reads both.

interface AssembledCandidate {
  index: number;
  /** Parts in order, neighbouring text parts of the same kind (thought or not) merged. */
  parts: Record<string, unknown>[];
  rest: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects plain-JSON chunks; `add` reports the first candidate's new visible text for streaming. */
export class GeminiResponseAssembler {
  readonly #candidates = new Map<number, AssembledCandidate>();
  #rest: Record<string, unknown> = {};

  add(chunk: unknown): string {
    if (!isObject(chunk)) return '';
    const { candidates, ...rest } = chunk;
    // usageMetadata, modelVersion, responseId, promptFeedback: the latest chunk's hold the totals.
    this.#rest = { ...this.#rest, ...rest };
    let firstText = '';
    for (const candidate of (Array.isArray(candidates) ? candidates : []).filter(isObject)) {
      const { content, index: rawIndex, ...candidateRest } = candidate;
      const index = typeof rawIndex === 'number' ? rawIndex : 0;
      const assembled = this.#candidates.get(index) ?? { index, parts: [], rest: {} };
      this.#candidates.set(index, assembled);
      assembled.rest = { ...assembled.rest, ...candidateRest };
      const parts = isObject(content) && Array.isArray(content.parts) ? content.parts.filter(isObject) : [];
      for (const part of parts) {
        this.#appendPart(assembled, part);
        if (index === Math.min(...this.#candidates.keys()) && typeof part.text === 'string' && part.thought !== true) firstText += part.text;
      }
    }
    return firstText;
  }

  #appendPart(candidate: AssembledCandidate, part: Record<string, unknown>): void {
    const last = candidate.parts.at(-1);
    const isText = (p: Record<string, unknown>) => typeof p.text === 'string' && Object.keys(p).every((key) => key === 'text' || key === 'thought');
    if (last && isText(last) && isText(part) && (last.thought === true) === (part.thought === true)) {
      last.text = `${last.text as string}${part.text as string}`;
    } else {
      candidate.parts.push({ ...part });
    }
  }

  /** The GenerateContentResponse the chunks add up to. */
  response(): Record<string, unknown> {
    const candidates = [...this.#candidates.values()]
      .sort((a, b) => a.index - b.index)
      .map(({ index, parts, rest }) => ({ content: { parts, role: 'model' }, ...rest, index }));
    return { candidates, ...this.#rest };
  }
}
