import { RUN_CONTROL_TEXTS } from '@promptpair/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ReplyBox, type ReplyBoxProps } from './reply-box.tsx';

// The reply box on its own; the open and blind conversations' tests cover what each does with a sent reply.

type Shown = Partial<Omit<ReplyBoxProps, 'value' | 'onChange'>> & { initial?: string };

function Harness({ initial = '', ...props }: Shown) {
  const [value, setValue] = useState(initial);
  return <ReplyBox label="Your reply" hint="Ctrl+Enter sends it." sendLabel="Send" busy={false} onSend={() => undefined} {...props} value={value} onChange={setValue} />;
}

function renderBox(props: Shown = {}) {
  const onSend = vi.fn();
  const user = userEvent.setup();
  const view = render(<Harness onSend={onSend} {...props} />);
  return { user, onSend, view, box: () => screen.getByRole('textbox', { name: 'Your reply' }), send: () => screen.getByRole('button', { name: 'Send' }) };
}

describe('ReplyBox', () => {
  it('names its form and box by the label, describes the box by the hint, and tells the send button’s shortcuts', () => {
    const { box, send } = renderBox();
    expect(screen.getByRole('form', { name: 'Your reply' })).toContainElement(box());
    expect(box()).toHaveAccessibleDescription('Ctrl+Enter sends it.');
    expect(send()).toHaveAttribute('aria-keyshortcuts', 'Control+Enter Meta+Enter');
  });

  it('sends with the button, Ctrl+Enter and ⌘+Enter, not with Enter alone', async () => {
    const { user, onSend, box, send } = renderBox();
    await user.type(box(), 'Go on{Enter}');
    expect(box()).toHaveValue('Go on\n');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await user.click(send());
    expect(onSend).toHaveBeenCalledTimes(3);
    expect(box()).toHaveValue('Go on\n');
  });

  it('while busy, sends nothing and shows Stop, which stops the turn', async () => {
    const onStop = vi.fn();
    const { user, onSend, box, send } = renderBox({ initial: 'More', busy: true, stop: { label: 'Stop this turn', onStop } });
    expect(send()).toBeDisabled();
    await user.type(box(), '{Control>}{Enter}{/Control}');
    expect(onSend).not.toHaveBeenCalled();
    const stop = screen.getByRole('button', { name: 'Stop this turn' });
    expect(stop).toHaveAttribute('aria-keyshortcuts', 'Escape');
    expect(stop).toHaveAttribute('title', RUN_CONTROL_TEXTS.stopTooltip);
    await user.click(stop);
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('shows no Stop when no turn runs', () => {
    renderBox({ stop: { label: 'Stop this turn', onStop: vi.fn() } });
    expect(screen.queryByRole('button', { name: 'Stop this turn' })).not.toBeInTheDocument();
  });

  it('with requireText, keeps send off while the box is blank', async () => {
    const { user, onSend, box, send } = renderBox({ requireText: true });
    await user.type(box(), '   ');
    expect(send()).toBeDisabled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSend).not.toHaveBeenCalled();
    await user.type(box(), 'Why?');
    expect(send()).toBeEnabled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('without requireText, leaves a blank reply for the caller to refuse', async () => {
    const { user, onSend, send } = renderBox();
    await user.click(send());
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('shows a refusal beside the box as its error message, and only then marks the box invalid', () => {
    const { view, box } = renderBox({ initial: 'One more' });
    expect(box()).not.toHaveAttribute('aria-invalid');
    view.rerender(<Harness initial="One more" refusal="Write a message first." />);
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(box()).toHaveAccessibleErrorMessage('Write a message first.');
  });

  it('puts extra actions beside the send button and children under the buttons, inside the form', async () => {
    const onEnd = vi.fn();
    const { user } = renderBox({
      actions: (
        <button type="button" onClick={onEnd}>
          End and reveal
        </button>
      ),
      children: <p>Each side’s choices</p>,
    });
    const form = screen.getByRole('form', { name: 'Your reply' });
    const end = within(form).getByRole('button', { name: 'End and reveal' });
    expect(end.parentElement).toBe(screen.getByRole('button', { name: 'Send' }).parentElement);
    expect(within(form).getByText('Each side’s choices')).toBeInTheDocument();
    await user.click(end);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});
