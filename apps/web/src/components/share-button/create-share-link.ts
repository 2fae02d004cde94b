import { API_ROUTES, type TShareRequest, type TShareResponse } from '@promptpair/contract';
import { http } from '../../lib/http.ts';
import { expectShape, isShareResponse } from '../../lib/answer-guards.ts';

/** POST /api/shareLink: a public link to one logged comparison. */
export const createShareLink = (request: TShareRequest): Promise<TShareResponse> =>
  http.post(API_ROUTES.shareLink, request, { parse: expectShape(isShareResponse, 'share link') });
