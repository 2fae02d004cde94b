import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToasts, onToastsRequested, toastsRequested } from './toast.ts';

const Toaster = lazy(() => loadToasts().then((module) => ({ default: module.Toaster })));

/** The app's single toast outlet, mounted with the first toast; each toast sets its own duration (docs/product.md §8). */
export function AppToaster() {
  const requested = useSyncExternalStore(onToastsRequested, toastsRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" gutter={8} toastOptions={{ className: 'shadow-sm' }} />
    </Suspense>
  );
}
