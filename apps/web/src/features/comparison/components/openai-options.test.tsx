import { CHATGPT_LIMITS, MESSAGES, type SliderRange } from '@promptpair/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OpenAiForm } from '../logic/settings-model.ts';
import { OpenAiOptionsHarness } from '../test/options-harness.tsx';

// Labels as the visitor reads them, each tied to its docs/product.md §9 range from the contract.
const SLIDERS: [string, SliderRange, string][] = [
  ['Temperature', CHATGPT_LIMITS.temperature, '1.0'],
  ['Top P', CHATGPT_LIMITS.top_p, '0.50'],
  ['Frequency penalty', CHATGPT_LIMITS.frequencyPenalty, '1.00'],
  ['Presence penalty', CHATGPT_LIMITS.presencePenalty, '1.00'],
  ['Maximum length', CHATGPT_LIMITS.maxLength, '2048'],
];

async function openPanel() {
  const user = userEvent.setup();
  let latest: OpenAiForm | undefined;
  render(<OpenAiOptionsHarness onForm={(form) => (latest = form)} />);
  await user.click(screen.getByRole('button', { name: 'ChatGPT Options' }));
  const panel = screen.getByRole('region', { name: 'ChatGPT Options' });
  return { user, panel, form: () => latest! };
}

describe('ChatGPT Options sliders', () => {
  it.each(SLIDERS)('%s: range, step and default from the spec, off and disabled until ticked', async (label, limits, shown) => {
    const { user, panel } = await openPanel();
    const checkbox = within(panel).getByRole('checkbox', { name: label });
    const slider = within(panel).getByRole('slider', { name: label });

    expect(checkbox).not.toBeChecked();
    expect(slider).toBeDisabled();
    expect(slider).toHaveAttribute('min', String(limits.min));
    expect(slider).toHaveAttribute('max', String(limits.max));
    expect(slider).toHaveAttribute('step', String(limits.step));
    expect(slider).toHaveValue(String(limits.default));
    expect(slider).toHaveAttribute('aria-valuetext', shown);

    await user.click(checkbox);
    expect(checkbox).toBeChecked();
    expect(slider).toBeEnabled();
  });

  it('shows the value as it moves', async () => {
    const { user, panel, form } = await openPanel();
    await user.click(within(panel).getByRole('checkbox', { name: 'Presence penalty' }));
    fireEvent.change(within(panel).getByRole('slider', { name: 'Presence penalty' }), { target: { value: '1.37' } });
    expect(within(panel).getByRole('slider', { name: 'Presence penalty' })).toHaveAttribute('aria-valuetext', '1.37');
    expect(form().options.presencePenalty).toEqual({ enabled: true, value: 1.37 });
  });
});

describe('top_p warning (docs/product.md §2 modal 7)', () => {
  async function tickTopPWithTemperatureOn() {
    const opened = await openPanel();
    await opened.user.click(within(opened.panel).getByRole('checkbox', { name: 'Temperature' }));
    await opened.user.click(within(opened.panel).getByRole('checkbox', { name: 'Top P' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warning' });
    expect(dialog).toHaveTextContent(MESSAGES.topPWarning);
    return { ...opened, dialog, topP: () => within(opened.panel).getByRole('checkbox', { name: 'Top P' }) };
  }

  it("'Yes' switches top_p on", async () => {
    const { user, dialog, topP, form } = await tickTopPWithTemperatureOn();
    expect(topP()).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(topP()).toBeChecked();
    expect(form().options.top_p.enabled).toBe(true);
  });

  it.each([
    ['No', async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'No' }))],
    ['the close icon', async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Close' }))],
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('%s leaves top_p off', async (_how, dismiss) => {
    const { user, dialog, topP, form } = await tickTopPWithTemperatureOn();
    await dismiss(user, dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(topP()).not.toBeChecked();
    expect(form().options.top_p.enabled).toBe(false);
  });

  it('does not ask when temperature is off, nor when temperature is ticked after top_p', async () => {
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('checkbox', { name: 'Top P' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Temperature' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(panel).getByRole('checkbox', { name: 'Top P' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Temperature' })).toBeChecked();
  });
});

describe('ChatGPT Options fields', () => {
  it('has a labelled engine dropdown, a masked key input with autocomplete off, log output and leave out', async () => {
    const { user, panel, form } = await openPanel();
    expect(within(panel).getByRole('combobox', { name: 'Engine' })).toHaveValue('gpt-4o-mini');
    const key = within(panel).getByLabelText('ChatGPT API key');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAttribute('autocomplete', 'off');
    await user.click(within(panel).getByRole('checkbox', { name: 'Log output' }));
    expect(form().logOutput).toBe(true);
    await user.click(within(panel).getByRole('checkbox', { name: 'Leave out' }));
    expect(form().leaveOut).toBe(true);
    // A left-out service's settings cannot be edited, but it can be brought back.
    expect(within(panel).getByRole('combobox', { name: 'Engine' })).toBeDisabled();
    expect(within(panel).getByRole('checkbox', { name: 'Leave out' })).toBeEnabled();
  });

  it("opens 'How to get ChatGPT API key' with OpenAI's steps", async () => {
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'How to get ChatGPT API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'How to get ChatGPT API key' });
    expect(dialog).toHaveTextContent('Create new secret key');
    expect(within(dialog).getByRole('link', { name: /API keys page/ })).toHaveAttribute(
      'href',
      'https://platform.openai.com/api-keys',
    );
  });
});
