import { API_ROUTES, type TComparisonRequestInput, type TComparisonResponse } from '@promptpair/contract';
import { http } from '../../../lib/http.ts';
import { expectShape, isComparisonResponse } from './answer-guards.ts';

/** POST /api/getChatData: both answers at once; may take as long as the slower service (no timeout). */
export const getChatData = (request: TComparisonRequestInput): Promise<TComparisonResponse> =>
  http.post(API_ROUTES.getChatData, request, { parse: expectShape(isComparisonResponse, 'comparison') });
