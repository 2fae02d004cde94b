import { CONVERSATION_RECORD_TEXTS, MY_DATA_MESSAGES, type TMyData } from '@promptpair/contract';
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button } from 'react-bootstrap';

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
const when = (iso: string) => DATE.format(new Date(iso));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-3">
      <h3 className="h6">{title}</h3>
      {children}
    </section>
  );
}

export interface MyDataSectionsProps {
  data: TMyData;
  busy: boolean;
  onDeleteComparison: (logId: string) => void;
  /** Called once the visitor confirmed: every turn of the conversation goes. */
  onDeleteConversation: (conversationId: string) => void;
}

type Conversation = TMyData['conversations'][number];

/** The visitor's conversations, each deleted whole after a confirmation that says how many turns go. */
function ConversationList({ conversations, busy, onDelete }: { conversations: readonly Conversation[]; busy: boolean; onDelete: (id: string) => void }) {
  const [confirming, setConfirming] = useState<string | null>(null);
  if (conversations.length === 0) return <p className="small text-body-secondary mb-0">None.</p>;
  return (
    <ul className="list-unstyled mb-0 small">
      {conversations.map((conversation) => (
        <li key={conversation.id} className="border-bottom py-1">
          <div className="d-flex align-items-start gap-2">
            <div className="flex-grow-1 text-break">
              <div className="text-body-secondary">
                {when(conversation.created_at)} · {CONVERSATION_RECORD_TEXTS.turnsCount(conversation.turns)}
                {conversation.shared && (
                  <Badge bg="secondary" className="ms-2">
                    Shared
                  </Badge>
                )}
              </div>
              <div>{conversation.prompt}</div>
            </div>
            <Button
              variant="outline-danger"
              size="sm"
              disabled={busy || confirming === conversation.id}
              aria-label={`Delete the conversation of ${when(conversation.created_at)}`}
              onClick={() => setConfirming(conversation.id)}
            >
              Delete
            </Button>
          </div>
          {confirming === conversation.id && (
            <Alert variant="warning" className="mt-2 mb-1">
              <p>{MY_DATA_MESSAGES.deleteConversationConfirm(conversation.turns)}</p>
              <div className="d-flex gap-2">
                <Button
                  variant="danger"
                  size="sm"
                  disabled={busy}
                  onClick={() => {
                    setConfirming(null);
                    onDelete(conversation.id);
                  }}
                >
                  Yes, delete the conversation
                </Button>
                <Button variant="secondary" size="sm" disabled={busy} onClick={() => setConfirming(null)} autoFocus>
                  Cancel
                </Button>
              </div>
            </Alert>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What the server keeps, one section per kind; comparisons and conversations can be deleted one by one. */
export function MyDataSections({ data, busy, onDeleteComparison, onDeleteConversation }: MyDataSectionsProps) {
  const { comparisons, conversations, subscription, promptListRuns, contactMessages } = data;
  // The total counts each turn of a conversation; those listed below are not "older ones".
  const more = comparisons.total - comparisons.latest.length - conversations.reduce((sum, conversation) => sum + conversation.turns, 0);
  return (
    <>
      <Section title={`Comparisons (${comparisons.total})`}>
        {comparisons.total === 0 && <p className="small text-body-secondary mb-0">None.</p>}
        <ul className="list-unstyled mb-0 small">
          {comparisons.latest.map((comparison) => (
            <li key={comparison.id} className="d-flex align-items-start gap-2 border-bottom py-1">
              <div className="flex-grow-1 text-break">
                <div className="text-body-secondary">
                  {when(comparison.created_at)}
                  {comparison.shared && (
                    <Badge bg="secondary" className="ms-2">
                      Shared
                    </Badge>
                  )}
                </div>
                <div>{comparison.prompt}</div>
              </div>
              <Button
                variant="outline-danger"
                size="sm"
                disabled={busy}
                aria-label={`Delete the comparison of ${when(comparison.created_at)}`}
                onClick={() => onDeleteComparison(comparison.id)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
        {more > 0 && <p className="small text-body-secondary mt-1 mb-0">And {more} older ones, all in the download.</p>}
      </Section>
      <Section title={`Conversations (${conversations.length})`}>
        <ConversationList conversations={conversations} busy={busy} onDelete={onDeleteConversation} />
      </Section>
      <Section title="Subscription">
        {subscription ? (
          <p className="small mb-0">
            {subscription.email} ({subscription.status}), since {when(subscription.created_at)}. Saved keys:{' '}
            <code>{subscription.chatgptKey ?? 'unreadable'}</code> and <code>{subscription.palmapiKey ?? 'unreadable'}</code>.
          </p>
        ) : (
          <p className="small text-body-secondary mb-0">None.</p>
        )}
      </Section>
      <Section title={`Prompt-list runs (${promptListRuns.length})`}>
        <ul className="small mb-0">
          {promptListRuns.map((run) => (
            <li key={run.id}>
              {run.filename}: {run.total} prompts, {run.status}, {when(run.created_at)}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Free prompts">
        <p className="small mb-0">Used by this browser: {data.freePromptsUsed}.</p>
      </Section>
      <Section title={`Contact messages (${contactMessages.length})`}>
        <ul className="small mb-0">
          {contactMessages.map((message) => (
            <li key={message.created_at + message.email} className="text-break">
              {when(message.created_at)}, from {message.email}: {message.message}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
