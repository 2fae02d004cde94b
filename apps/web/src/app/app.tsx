import { AppToaster } from '../components/ui/toaster.tsx';
import { AppRoutes } from './routes.tsx';

/**
 * The routes and the one toast outlet. Five flat routes with no loaders need only a small router
 * (wouter, about 2 KB gzipped, on the browser's own history); the first bundle stays small.
 */
export function App() {
  return (
    <>
      <AppRoutes />
      <AppToaster />
    </>
  );
}
