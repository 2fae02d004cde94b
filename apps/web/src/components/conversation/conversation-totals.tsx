import { CONVERSATION_TEXTS as T, COST_TEXTS, type Side } from '@promptpair/contract';
import type { SideTotal } from '../../lib/conversation-totals.ts';

interface ConversationTotalsProps {
  totals: Record<Side, SideTotal>;
  titles: Record<Side, string>;
  /** The visitor sent their own key: costs are estimates at list prices. */
  ownKey?: boolean;
}

/** Each side's answers, tokens and cost over the whole conversation so far. */
export function ConversationTotals({ totals, titles, ownKey = false }: ConversationTotalsProps) {
  return (
    <section aria-label={T.totals} className="border rounded px-3 py-2 small">
      <h3 className="h6 mb-1">{T.totals}</h3>
      <ul className="list-unstyled mb-0">
        {(['a', 'b'] as const).map((side) => (
          <li key={side} data-side={side}>
            {T.sideTotal(titles[side], totals[side].answers, totals[side].tokens, totals[side].cost)}
          </li>
        ))}
      </ul>
      {ownKey && <p className="text-body-secondary mb-0 mt-1">{COST_TEXTS.estimateOwnKey}</p>}
    </section>
  );
}
