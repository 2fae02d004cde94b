import type { TMyData } from '@promptpair/contract';
import type { ReactNode } from 'react';
import { Badge, Button } from 'react-bootstrap';

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
}

/** What the server keeps, one section per kind; comparisons can be deleted one by one. */
export function MyDataSections({ data, busy, onDeleteComparison }: MyDataSectionsProps) {
  const { comparisons, subscription, promptListRuns, contactMessages } = data;
  const more = comparisons.total - comparisons.latest.length;
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
