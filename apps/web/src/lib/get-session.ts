import { API_ROUTES, type TSession } from '@promptpair/contract';
import { http } from './http.ts';
import { expectShape, isSession } from './answer-guards.ts';

/** GET /api/session: also where the visitor and XSRF cookies are first set. */
export const getSession = (): Promise<TSession> => http.get(API_ROUTES.session, { parse: expectShape(isSession, 'session') });
