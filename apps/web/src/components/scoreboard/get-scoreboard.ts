import { API_ROUTES, type TScoreboard } from '@promptpair/contract';
import { expectShape } from '../../lib/answer-guards.ts';
import { http } from '../../lib/http.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isScoreboard = (value: unknown): value is TScoreboard => isObject(value) && isObject(value.overall) && Array.isArray(value.runs);

/** GET /api/scoreboard: the visitor's vote tallies, overall and per prompt-list run. */
export const getScoreboard = () => http.get(API_ROUTES.scoreboard, { parse: expectShape(isScoreboard, 'scoreboard') });
