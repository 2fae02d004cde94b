// generationConfig checks (docs/wire-formats.md §3.3); ranges from the proto and the per-model limits of §3.8.
import { GoogleRejection, invalidArgument, rangeError } from './google-errors.ts';
import type { GoogleModel } from './google-models.ts';
import { expectObject, readField, readNumber, rejectUnknownFields } from './proto-json.ts';

export interface GenerationLimits {
  candidateCount: number;
  maxOutputTokens: number | undefined;
  stopSequences: string[];
}

const configFields = [
  'temperature', 'topP', 'topK', 'candidateCount', 'maxOutputTokens', 'stopSequences', 'presencePenalty',
  'frequencyPenalty', 'seed', 'responseMimeType', 'responseSchema', 'responseJsonSchema', 'responseLogprobs',
  'logprobs', 'responseModalities', 'thinkingConfig', 'speechConfig', 'imageConfig', 'mediaResolution',
  'enableEnhancedCivicAnswers',
];

const at = (field: string): string => `generation_config.${field}`;

function checkRange(name: string, value: number | undefined, min: number, maxExclusive: number | undefined, field: string): void {
  if (value === undefined) return;
  if (value < min || (maxExclusive !== undefined && value >= maxExclusive)) {
    throw new GoogleRejection(rangeError(name, value, min, maxExclusive, at(field)));
  }
}

function readStopSequences(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  const bad = list.findIndex((item) => typeof item !== 'string');
  if (bad !== -1) {
    throw new GoogleRejection(invalidArgument(`Invalid value at '${at(`stop_sequences[${bad}]`)}' (TYPE_STRING), ${JSON.stringify(list[bad])}`, at(`stop_sequences[${bad}]`)));
  }
  if (list.length > 5) {
    throw new GoogleRejection(invalidArgument('* GenerateContentRequest.generation_config.stop_sequences: the number of stop_sequences must not exceed 5\n', at('stop_sequences')));
  }
  return list as string[];
}

export function checkGenerationConfig(value: unknown, model: GoogleModel): GenerationLimits {
  if (value === undefined || value === null) return { candidateCount: 1, maxOutputTokens: undefined, stopSequences: [] };
  const config = expectObject(value, 'generation_config', 'type.googleapis.com/google.ai.generativelanguage.v1beta.GenerationConfig');
  rejectUnknownFields(config, configFields, 'generation_config');
  const temperature = readNumber(config, 'temperature', at('temperature'), false);
  const topP = readNumber(config, 'topP', at('top_p'), false);
  const topK = readNumber(config, 'topK', at('top_k'), true);
  const candidateCount = readNumber(config, 'candidateCount', at('candidate_count'), true);
  const maxOutputTokens = readNumber(config, 'maxOutputTokens', at('max_output_tokens'), true);
  // "2.0001 (exclusive)" is how the real service words an inclusive float maximum.
  checkRange('temperature', temperature, 0, (model.maxTemperature ?? 2) + 0.0001, 'temperature');
  checkRange('topP', topP, 0, 1.0001, 'top_p');
  checkRange('topK', topK, 0, undefined, 'top_k');
  checkRange('candidateCount', candidateCount, 1, 9, 'candidate_count');
  checkRange('maxOutputTokens', maxOutputTokens, 1, model.outputTokenLimit + 1, 'max_output_tokens');
  return {
    candidateCount: candidateCount ?? 1,
    maxOutputTokens,
    stopSequences: readStopSequences(readField(config, 'stopSequences')),
  };
}
