import { DEFAULT_BARD_MESSAGES, DEFAULT_CHATGPT_MESSAGES, MESSAGES } from '@promptpair/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GoogleForm, OpenAiForm } from '../logic/settings-model.ts';
import { GoogleOptionsHarness, OpenAiOptionsHarness } from '../test/options-harness.tsx';

async function openEditor(panelName: 'ChatGPT Options' | 'Bard Options') {
  const user = userEvent.setup();
  let latest: OpenAiForm | GoogleForm | undefined;
  const onForm = (form: OpenAiForm | GoogleForm) => (latest = form);
  render(panelName === 'ChatGPT Options' ? <OpenAiOptionsHarness onForm={onForm} /> : <GoogleOptionsHarness onForm={onForm} />);
  await user.click(screen.getByRole('button', { name: panelName }));
  await user.click(within(screen.getByRole('region', { name: panelName })).getByRole('button', { name: 'Edit Messages' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Messages' });
  return { user, dialog, form: () => latest! };
}

const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

describe('Edit Messages, ChatGPT', () => {
  it('starts with the two default user entries', async () => {
    const { dialog } = await openEditor('ChatGPT Options');
    const roles = within(dialog).getAllByRole('combobox', { name: 'Role' });
    expect(roles.map((select) => (select as HTMLSelectElement).value)).toEqual(DEFAULT_CHATGPT_MESSAGES.map((m) => m.role));
    expect(within(dialog).getAllByRole('textbox', { name: 'Content' }).map((area) => (area as HTMLTextAreaElement).value)).toEqual(
      DEFAULT_CHATGPT_MESSAGES.map((m) => m.content),
    );
  });

  it('adds and removes entries and saves them', async () => {
    const { user, dialog, form } = await openEditor('ChatGPT Options');
    await user.click(within(dialog).getByRole('button', { name: 'Remove message 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add message' }));
    const added = within(dialog).getByRole('group', { name: 'Message 2' });
    await user.selectOptions(within(added).getByRole('combobox', { name: 'Role' }), 'system');
    await user.type(within(added).getByRole('textbox', { name: 'Content' }), 'Be brief.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await closed();
    expect(form().messages).toEqual([
      { role: 'user', content: 'Hello!' },
      { role: 'system', content: 'Be brief.' },
    ]);
  });

  it('refuses an entry without content or without a role, with the alert text', async () => {
    const { user, dialog, form } = await openEditor('ChatGPT Options');
    await user.clear(within(dialog).getAllByRole('textbox', { name: 'Content' })[1]!);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.editMessagesBothRequired);

    await user.type(within(dialog).getAllByRole('textbox', { name: 'Content' })[1]!, 'Hi');
    await user.selectOptions(within(dialog).getAllByRole('combobox', { name: 'Role' })[0]!, '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.editMessagesBothRequired);
    expect(screen.getByRole('dialog', { name: 'Edit Messages' })).toBeInTheDocument();
    expect(form().messages).toEqual(DEFAULT_CHATGPT_MESSAGES);
  });

  it('Cancel throws the draft away', async () => {
    const { user, dialog, form } = await openEditor('ChatGPT Options');
    await user.click(within(dialog).getByRole('button', { name: 'Remove message 2' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await closed();
    expect(form().messages).toEqual(DEFAULT_CHATGPT_MESSAGES);
  });
});

describe('Edit Messages, Bard', () => {
  it('edits author/content entries, defaulting to Bard, and checks both', async () => {
    const { user, dialog, form } = await openEditor('Bard Options');
    const authors = within(dialog).getAllByRole('textbox', { name: 'Author' });
    expect(authors.map((input) => (input as HTMLInputElement).value)).toEqual(DEFAULT_BARD_MESSAGES.map((m) => m.author));

    await user.clear(authors[0]!);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.editMessagesBothRequiredBard);

    await user.type(authors[0]!, 'Narrator');
    await user.click(within(dialog).getByRole('button', { name: 'Add message' }));
    const added = within(dialog).getByRole('group', { name: 'Message 3' });
    expect(within(added).getByRole('textbox', { name: 'Author' })).toHaveValue(DEFAULT_BARD_MESSAGES[0]!.author);
    await user.type(within(added).getByRole('textbox', { name: 'Content' }), 'Go on.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await closed();
    expect(form().messages).toEqual([
      { author: 'Narrator', content: DEFAULT_BARD_MESSAGES[0]!.content },
      DEFAULT_BARD_MESSAGES[1],
      { author: DEFAULT_BARD_MESSAGES[0]!.author, content: 'Go on.' },
    ]);
  });
});
