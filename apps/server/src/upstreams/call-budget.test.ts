import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { callBudget } from './call-budget.ts';

describe('callBudget', () => {
  it.each([
    ['with a caller', new AbortController().signal],
    ['without one (a JSON comparison)', undefined],
  ])('aborts with a TimeoutError when the time is up, %s', async (_name, caller) => {
    const budget = callBudget(caller, 20);
    expect(budget.signal.aborted).toBe(false);
    await sleep(60);
    expect(budget.signal.aborted).toBe(true);
    expect((budget.signal.reason as Error).name).toBe('TimeoutError');
    budget.end();
  });

  it('aborts with the caller’s reason when the caller aborts, also when it already had', () => {
    const caller = new AbortController();
    const budget = callBudget(caller.signal, 10_000);
    caller.abort(new Error('visitor left'));
    expect((budget.signal.reason as Error).message).toBe('visitor left');
    budget.end();
    expect(callBudget(caller.signal, 10_000).signal.aborted).toBe(true);
  });

  it('once ended, neither the timer nor the caller aborts it, and nothing stays attached to the caller', async () => {
    const caller = new AbortController();
    let listeners = 0;
    const add = caller.signal.addEventListener.bind(caller.signal);
    const remove = caller.signal.removeEventListener.bind(caller.signal);
    caller.signal.addEventListener = ((...args: Parameters<typeof add>) => (listeners++, add(...args)));
    caller.signal.removeEventListener = ((...args: Parameters<typeof remove>) => (listeners--, remove(...args)));
    const budget = callBudget(caller.signal, 20);
    expect(listeners).toBe(1);
    budget.end();
    expect(listeners).toBe(0);
    await sleep(60);
    caller.abort();
    expect(budget.signal.aborted).toBe(false);
  });
});
