import { API_ROUTES, myDataComparisonPath, myDataConversationPath, ZMyData, ZMyDataDeleted, type TMyData, type TMyDataDeleted } from '@promptpair/contract';
import { http } from '../../../lib/http.ts';

/** What the server keeps under this browser's cookie (GET /api/my-data). */
export const getMyData = (signal?: AbortSignal): Promise<TMyData> => http.get(API_ROUTES.myData, { parse: (data) => ZMyData.parse(data), signal });

/** Deletes all of it; the server answers with a new visitor cookie. */
export const deleteAllMyData = (): Promise<TMyDataDeleted> => http.delete(API_ROUTES.myData, { parse: (data) => ZMyDataDeleted.parse(data) });

export const deleteMyComparison = (logId: string): Promise<void> => http.delete(myDataComparisonPath(logId));

/** Deletes every turn of one conversation, with their share links and votes. */
export const deleteMyConversation = (conversationId: string): Promise<void> => http.delete(myDataConversationPath(conversationId));
