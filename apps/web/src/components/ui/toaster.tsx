import { Toaster } from 'react-hot-toast';

/** The app's single toast outlet; each toast sets its own duration (SPEC §8). */
export function AppToaster() {
  return <Toaster position="top-center" gutter={8} toastOptions={{ className: 'shadow-sm' }} />;
}
