import { API_ROUTES, NEXT_CURSOR_HEADER, ZLogRecordList, type TLogRecord } from '@promptpair/contract';
import { http } from '../../../lib/http.ts';

export interface LogPage {
  records: TLogRecord[];
  /** Where the next, older page starts; null on the last page. */
  nextCursor: string | null;
}

/**
 * GET /log-details?limit=n[&cursor=c]&include=settings: one page of the visitor's logged comparisons,
 * newest first (docs/product.md §7), with the settings each side was sent with for the Markdown copy.
 */
export async function getLogPage(limit: number, cursor: string | null, signal?: AbortSignal): Promise<LogPage> {
  const query = new URLSearchParams({ limit: String(limit), include: 'settings' });
  if (cursor) query.set('cursor', cursor);
  let nextCursor: string | null = null;
  const records = await http.get(`${API_ROUTES.logDetails}?${query.toString()}`, {
    parse: (data) => ZLogRecordList.parse(data),
    signal,
    onHeaders: (headers) => {
      nextCursor = headers.get(NEXT_CURSOR_HEADER);
    },
  });
  return { records, nextCursor };
}
