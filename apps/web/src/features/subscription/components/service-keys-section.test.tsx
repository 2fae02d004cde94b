import { API_ROUTES, serviceKeyPath, SERVICE_KEY_TEXTS, type TServiceInfo } from '@promptpair/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { ServiceKeysSection } from './service-keys-section.tsx';
import { UploadPromptListModal } from './upload-prompt-list-modal.tsx';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

const service = (id: string, name: string, kind: TServiceInfo['kind']): TServiceInfo => ({ id, kind, name, models: ['m'], defaultModel: 'm', settings: [], freePrompts: true });
const SERVICES = [service('chatgpt', 'ChatGPT', 'openai'), service('palm', 'Palm API', 'google'), service('claude', 'Claude', 'anthropic'), service('router', 'Model Router', 'openai-compatible')];
const SPEC_KEYS = [
  { service: 'chatgpt', name: 'ChatGPT', hint: 'sk-…cdef' },
  { service: 'palm', name: 'Palm API', hint: 'AIz…3210' },
];
const CLAUDE_KEY = 'sk-ant-typed-claude-key-abcd1234';

function serve(routes: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    [`GET ${API_ROUTES.services}`]: () => Response.json({ services: SERVICES }),
    [`GET ${API_ROUTES.serviceKeys}`]: () => Response.json({ keys: SPEC_KEYS }),
    ...routes,
  });
}

const row = (name: string) => screen.getByRole('form', { name });

describe('keys per service on the subscription dialog', () => {
  it('offers a key field for every offered service and shows saved keys by their masked hint only', async () => {
    serve();
    render(<ServiceKeysSection />);
    for (const { name } of SERVICES) expect(await screen.findByLabelText(SERVICE_KEY_TEXTS.label(name))).toHaveValue('');
    expect(within(row('ChatGPT')).getByText(SERVICE_KEY_TEXTS.savedHint('sk-…cdef'))).toBeInTheDocument();
    expect(within(row('Claude')).getByText(SERVICE_KEY_TEXTS.noneSaved)).toBeInTheDocument();
    // The spec's two keys are replaced, never removed.
    expect(within(row('ChatGPT')).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('saves a typed key, then forgets it and shows the hint the server answered; removes it again', async () => {
    const { requests } = serve({
      [`PUT ${serviceKeyPath('claude')}`]: () => Response.json({ keys: [...SPEC_KEYS, { service: 'claude', name: 'Claude', hint: 'sk-…1234' }] }),
      [`DELETE ${serviceKeyPath('claude')}`]: () => Response.json({ keys: SPEC_KEYS }),
    });
    const user = userEvent.setup();
    render(<ServiceKeysSection />);
    await user.type(await screen.findByLabelText(SERVICE_KEY_TEXTS.label('Claude')), CLAUDE_KEY);
    await user.click(within(row('Claude')).getByRole('button', { name: SERVICE_KEY_TEXTS.save }));
    expect(await within(row('Claude')).findByText(SERVICE_KEY_TEXTS.savedHint('sk-…1234'))).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ key: CLAUDE_KEY });
    expect(screen.getByLabelText(SERVICE_KEY_TEXTS.label('Claude'))).toHaveValue('');
    expect(document.body.textContent).not.toContain(CLAUDE_KEY);

    await user.click(within(row('Claude')).getByRole('button', { name: `${SERVICE_KEY_TEXTS.remove} Claude` }));
    expect(await within(row('Claude')).findByText(SERVICE_KEY_TEXTS.noneSaved)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([serviceKeyPath('claude')]);
  });

  it('shows the server’s refusal under the service and keeps the typed key to correct; an empty field sends nothing', async () => {
    const refusal = 'Claude rejected the API key. Check that the key is correct and active.';
    const { requests } = serve({ [`PUT ${serviceKeyPath('claude')}`]: () => Response.json({ message: refusal, code: 'key_refused', errors: { key: [refusal] } }, { status: 422 }) });
    const user = userEvent.setup();
    render(<ServiceKeysSection />);
    const field = await screen.findByLabelText(SERVICE_KEY_TEXTS.label('Claude'));
    await user.click(within(row('Claude')).getByRole('button', { name: SERVICE_KEY_TEXTS.save }));
    expect(within(row('Claude')).getByRole('alert')).toHaveTextContent(SERVICE_KEY_TEXTS.keyRequired);
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.type(field, 'bad-key-0000');
    await user.click(within(row('Claude')).getByRole('button', { name: SERVICE_KEY_TEXTS.save }));
    await waitFor(() => expect(within(row('Claude')).getByRole('alert')).toHaveTextContent(refusal));
    expect(field).toHaveValue('bad-key-0000');
    expect(within(row('Claude')).getByText(SERVICE_KEY_TEXTS.noneSaved)).toBeInTheDocument();
  });

  it('appears in the Upload Prompt List dialog for a subscriber only', async () => {
    serve();
    const { unmount } = render(<UploadPromptListModal show onHide={vi.fn()} onKeysSaved={vi.fn()} subscribed />);
    expect(await screen.findByRole('region', { name: SERVICE_KEY_TEXTS.heading })).toBeInTheDocument();
    unmount();
    const { requests } = serve();
    render(<UploadPromptListModal show onHide={vi.fn()} onKeysSaved={vi.fn()} />);
    expect(screen.queryByRole('region', { name: SERVICE_KEY_TEXTS.heading })).toBeNull();
    expect(requests.some((r) => r.path === API_ROUTES.serviceKeys)).toBe(false);
  });
});
