import { sharedChatApiPath, ZSharedChat, type TSharedChat } from '@promptpair/contract';
import { http } from '../../../lib/http.ts';

/** GET /api/chat/{hash}: both results of a shared comparison (docs/product.md §7). */
export const getSharedChat = (hash: string, signal?: AbortSignal): Promise<TSharedChat> =>
  http.get(sharedChatApiPath(hash), { parse: (data) => ZSharedChat.parse(data), signal });
