import { BLIND_TEXTS, MIN_VOTES_FOR_RATING, type TModelStanding, type TScoreboard } from '@promptpair/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScoreboardTables } from './scoreboard-tables.tsx';

const standing = (serviceId: string, serviceName: string, model: string, counts: [number, number, number, number], rating: number | null): TModelStanding => {
  const [wins, losses, ties, bothBad] = counts;
  return { serviceId, serviceName, model, label: `${serviceName} · ${model}`, votes: wins + losses + ties + bothBad, wins, losses, ties, bothBad, rating };
};

const board = (models: TModelStanding[]): TScoreboard => ({
  overall: {
    votes: 6,
    possiblyUnblinded: 0,
    byService: { chatgpt: { wins: 4, losses: 1, ties: 1, bothBad: 0 }, palm: { wins: 1, losses: 4, ties: 1, bothBad: 0 } },
    byModelPair: [],
    models,
  },
  runs: [],
});

const modelTable = () => screen.getByRole('table', { name: /per model, across every pair/ });

describe('the per-model scoreboard', () => {
  it('ranks models with their counts and rating, and explains the threshold for an unrated one', () => {
    render(
      <ScoreboardTables
        board={board([
          standing('chatgpt', 'ChatGPT', 'gpt-5-mini', [4, 1, 0, 0], 1127),
          standing('palm', 'Palm API', 'gemini-2.0-flash', [1, 4, 1, 0], 936),
          standing('claude', 'Claude', 'claude-haiku-5-5', [0, 0, 1, 0], null),
        ])}
      />,
    );
    const table = modelTable();
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['#', 'Model', 'Rating', 'Votes', 'Wins', 'Losses', 'Ties', 'Both bad']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').concat(within(row).getAllByRole('rowheader')).map((c) => c.textContent));
    expect(rows).toEqual([
      ['1', '1127', '5', '4', '1', '0', '0', 'ChatGPT · gpt-5-mini'],
      ['2', '936', '6', '1', '4', '1', '0', 'Palm API · gemini-2.0-flash'],
      ['3', BLIND_TEXTS.unrated, '1', '0', '0', '1', '0', 'Claude · claude-haiku-5-5'],
    ]);
    expect(screen.getByText(BLIND_TEXTS.ratingNote)).toBeVisible();
    expect(BLIND_TEXTS.ratingNote).toContain(`once a model has ${MIN_VOTES_FOR_RATING} votes`);
  });

  it('leaves the note out when every model is rated', () => {
    render(<ScoreboardTables board={board([standing('chatgpt', 'ChatGPT', 'gpt-5-mini', [5, 0, 0, 0], 1100), standing('palm', 'Palm API', 'gemini-2.0-flash', [0, 5, 0, 0], 900)])} />);
    expect(within(modelTable()).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByText(BLIND_TEXTS.ratingNote)).toBeNull();
  });
});
