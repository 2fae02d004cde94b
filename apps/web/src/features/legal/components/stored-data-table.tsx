import { RETENTION } from '@promptpair/contract';
import { Table } from 'react-bootstrap';

const UNTIL_DELETED = 'Until deleted by the operator';
/** What the visitor can delete themselves in "Your data" (routes/my-data on the server). */
const UNTIL_YOU_DELETE = 'Until you delete it in “Your data” (or the operator does)';

/** What the server stores (apps/server/src/db/schema.ts), why, and for how long. */
const ROWS: { what: string; why: string; kept: string }[] = [
  {
    what: 'Each comparison: the prompt, both answers (text, tokens, model, cost, raw output, time taken, error text), the settings each side was sent with (never a key), the time, whether "Log output" was ticked, and your visitor number',
    why: 'So you can share it, and see and download it in Log Details when "Log output" was on for a service',
    kept: UNTIL_YOU_DELETE,
  },
  {
    what: 'Share links: a random 22-character code and the comparison it points to',
    why: 'So the link keeps working',
    kept: 'Until you delete the comparison or all your data in “Your data” (or the operator does)',
  },
  { what: 'Free-prompt counter of your visitor number: how many free prompts it used, and when it was first seen', why: 'To apply the free limit fairly', kept: UNTIL_YOU_DELETE },
  {
    what: 'Free-prompt counters per IP address: the address and how many free prompts were used from it',
    why: 'So clearing cookies or deleting your data does not reset the free limit; shared by everyone behind that address',
    kept: UNTIL_DELETED,
  },
  {
    what: 'Contact Us messages: your email address, your message and your visitor number; also emailed to the operators when email is set up',
    why: 'To answer you',
    kept: `${RETENTION.contactMessageDays} days, then deleted automatically, or sooner when you delete all your data in “Your data” (copies in the operators’ mailbox follow that mailbox’s rules)`,
  },
  {
    what: 'Subscriptions: your email address and both API keys, encrypted (AES-256-GCM) with a key only this server holds',
    why: 'To run your prompts with your keys; the page only ever shows them masked',
    kept: 'While the subscription exists; a new subscription replaces the old one; deleting all your data in “Your data” deletes it and both keys',
  },
  {
    what: 'Prompt lists you upload: the prompts, the settings without any key, progress, and the order each prompt’s answers are shown in before your vote; the answers go into your log',
    why: 'To work through the list',
    kept: 'Until you delete all your data in “Your data” (a run still going is stopped first), or the operator deletes it',
  },
  {
    what: 'Blind votes: your choice, which service was shown as Answer A, the two models, and whether an answer named its own maker',
    why: 'To show you which was which after your vote, and to add your votes up in your scoreboard',
    kept: 'Until you delete that comparison or all your data in “Your data” (or the operator does)',
  },
  {
    what: 'Rate-limit counters: how many comparisons, share links, key saves and contact messages your visitor number and your IP address sent lately',
    why: 'To keep scripts from overloading the service',
    kept: 'Until the counting window ends: 10 seconds to an hour',
  },
  {
    what: 'Server logs: time, address asked for, result and IP address of each request; cookies and keys are masked',
    why: 'To keep the service running and find faults',
    kept: 'As long as the operator’s log storage keeps them',
  },
];

export function StoredDataTable() {
  return (
    <Table size="sm" bordered responsive className="small">
      <thead>
        <tr>
          <th scope="col">What</th>
          <th scope="col">Why</th>
          <th scope="col">How long</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => (
          <tr key={row.what}>
            <td>{row.what}</td>
            <td>{row.why}</td>
            <td>{row.kept}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
