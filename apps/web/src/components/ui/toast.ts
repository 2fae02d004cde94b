import type * as HotToast from 'react-hot-toast';

type ToastModule = typeof HotToast;

// react-hot-toast (with its styling runtime, about 5 KB gzipped) is first needed by the first
// toast, which always follows something the visitor did: it loads then, not with the page.
let loading: Promise<ToastModule> | undefined;
const listeners = new Set<() => void>();

export function loadToasts(): Promise<ToastModule> {
  if (!loading) {
    loading = import('react-hot-toast');
    listeners.forEach((listener) => listener());
  }
  return loading;
}

/** Whether a toast was asked for yet (the outlet mounts from then on). */
export const toastsRequested = () => loading !== undefined;

export function onToastsRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The app's toasts: react-hot-toast's, shown as soon as the library has loaded (at once after the first). */
type Show = ToastModule['default']['success'];
export const toast = {
  success(...args: Parameters<Show>) {
    void loadToasts().then((module) => module.default.success(...args));
  },
  error(...args: Parameters<Show>) {
    void loadToasts().then((module) => module.default.error(...args));
  },
};
