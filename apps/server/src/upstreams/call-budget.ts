/**
 * A call's signal: aborted when the caller's is, or after timeoutMs (with a TimeoutError, as
 * AbortSignal.timeout would), whichever comes first. `end` clears the timer and the listener once
 * the call is over. AbortSignal.any(caller, AbortSignal.timeout) did the same but left a 60 s
 * timer per call behind and tied every call to the one never-aborted signal of JSON comparisons,
 * which then held a growing set of them: memory and CPU that grew with the load.
 */
export function callBudget(callerSignal: AbortSignal | undefined, timeoutMs: number): { signal: AbortSignal; deadline: number; end: () => void } {
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  const timer = setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), timeoutMs);
  timer.unref();
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    deadline: Date.now() + timeoutMs,
    end: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}
