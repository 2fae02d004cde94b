import { BARD_LIMITS, type SliderRange } from '@promptpair/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GoogleForm } from '../logic/settings-model.ts';
import { GoogleOptionsHarness } from '../test/options-harness.tsx';

const SLIDERS: [string, SliderRange, string][] = [
  ['Temperature', BARD_LIMITS.temperature, '1.0'],
  ['Candidate count', BARD_LIMITS.candidateCount, '1'],
  // docs/product.md §9: max output tokens starts at 0 ("not set") although its slider runs from 1.
  ['Max output tokens', BARD_LIMITS.maxOutputTokens, '0'],
  ['Top P', BARD_LIMITS.topP, '0.50'],
  ['Top K', BARD_LIMITS.topK, '40'],
];

async function openPanel() {
  const user = userEvent.setup();
  let latest: GoogleForm | undefined;
  render(<GoogleOptionsHarness onForm={(form) => (latest = form)} />);
  await user.click(screen.getByRole('button', { name: 'Bard Options' }));
  return { user, panel: screen.getByRole('region', { name: 'Bard Options' }), form: () => latest! };
}

describe('Bard Options sliders', () => {
  it.each(SLIDERS)('%s: range, step and default from the spec, off and disabled until ticked', async (label, limits, shown) => {
    const { user, panel, form } = await openPanel();
    const checkbox = within(panel).getByRole('checkbox', { name: label });
    const slider = within(panel).getByRole('slider', { name: label });

    expect(checkbox).not.toBeChecked();
    expect(slider).toBeDisabled();
    expect(slider).toHaveAttribute('min', String(limits.min));
    expect(slider).toHaveAttribute('max', String(limits.max));
    expect(slider).toHaveAttribute('step', String(limits.step));
    expect(slider).toHaveAttribute('aria-valuetext', shown);
    expect(within(panel).getByText(shown, { selector: 'output' })).toBeInTheDocument();

    await user.click(checkbox);
    expect(slider).toBeEnabled();
    const key = Object.entries(BARD_LIMITS).find(([, range]) => range === limits)![0] as keyof GoogleForm['options'];
    expect(form().options[key]).toEqual({ enabled: true, value: limits.default });
  });

  it('never warns about top_p and temperature: that is a ChatGPT rule', async () => {
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('checkbox', { name: 'Temperature' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Top P' }));
    expect(within(panel).getByRole('checkbox', { name: 'Top P' })).toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Bard Options fields', () => {
  it('has a model dropdown, a masked key and the Palm help dialog with the AI Studio steps', async () => {
    const { user, panel } = await openPanel();
    expect(within(panel).getByRole('combobox', { name: 'Model' })).toHaveValue('chat-bison-001');
    const key = within(panel).getByLabelText('Palm API key');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAttribute('autocomplete', 'off');

    await user.click(within(panel).getByRole('button', { name: 'How to get Palm API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'How to get Palm API key' });
    expect(dialog).toHaveTextContent('Get API key');
    expect(dialog).toHaveTextContent('Gemini');
    expect(within(dialog).getByRole('link', { name: /aistudio\.google\.com/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });
});
