import { API_ROUTES } from '@promptpair/contract';
import { http } from '../../../lib/http.ts';
import { expectShape, isStringList } from '../../../lib/answer-guards.ts';

const parse = expectShape(isStringList, 'model list');

/** GET /api/list-models-chatgpt: model names for the engine dropdown (SPEC §7). */
export const listChatGptModels = (): Promise<string[]> => http.get(API_ROUTES.listModelsChatgpt, { parse });

/** GET /api/list-models-palmapi: model names for the Bard model dropdown (SPEC §7). */
export const listBardModels = (): Promise<string[]> => http.get(API_ROUTES.listModelsPalmapi, { parse });
