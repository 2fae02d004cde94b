import { API_ROUTES } from '@promptpair/contract';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { useSavedKeys } from './use-saved-keys.ts';

const clearCookie = (name: string) => (document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`);
afterEach(() => ['chatgptKey', 'palmapiKey'].forEach(clearCookie));

describe('useSavedKeys (docs/product.md §4 prefill)', () => {
  it('asks for the saved keys only when a key cookie exists, and hands the masked keys over', async () => {
    document.cookie = 'chatgptKey=1; path=/';
    const { requests } = mockFetch({
      [`GET ${API_ROUTES.getApiKey}`]: () => Response.json({ chatgptKey: 'sk-…abcd', palmapiKey: 'AIz…wxyz', email: 'me@example.com' }),
    });
    const onKeys = vi.fn();
    const { result } = renderHook(() => useSavedKeys(onKeys));
    expect(result.current.saved).toBe(true);
    await waitFor(() => expect(onKeys).toHaveBeenCalledWith({ chatgptKey: 'sk-…abcd', palmapiKey: 'AIz…wxyz' }));
    expect(requests.filter((r) => r.path === API_ROUTES.getApiKey)).toHaveLength(1);
  });

  it('makes no request without a key cookie', () => {
    const { requests } = mockFetch();
    const { result } = renderHook(() => useSavedKeys(vi.fn()));
    expect(result.current.saved).toBe(false);
    expect(requests).toHaveLength(0);
  });

  it('forgets a stale cookie when the server has no subscription for this browser, and only logs failures', async () => {
    document.cookie = 'palmapiKey=1; path=/';
    mockFetch({ [`GET ${API_ROUTES.getApiKey}`]: () => Response.json({ chatgptKey: null, palmapiKey: null, email: null }) });
    const onKeys = vi.fn();
    const { result } = renderHook(() => useSavedKeys(onKeys));
    await waitFor(() => expect(result.current.saved).toBe(false));
    expect(onKeys).not.toHaveBeenCalled();

    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ [`GET ${API_ROUTES.getApiKey}`]: () => Response.json({ message: 'boom' }, { status: 500 }) });
    renderHook(() => useSavedKeys(onKeys));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(onKeys).not.toHaveBeenCalled();
  });
});
