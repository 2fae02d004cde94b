import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// findBy… and waitFor give up after 1 s by default, and a dialog loaded on first use can take longer
// than that to arrive on a loaded machine. A longer wait changes nothing that passes: it only lets
// what will appear appear.
configure({ asyncUtilTimeout: 10_000 });

// react-bootstrap ends every fade (a dialog, its backdrop, an alert) with a timer due a few ms later
// (no CSS, so no transition time). One still pending when a file's last test ends would fire after
// the file's document is gone and fail the run: each file waits past them. Timers fire in the order
// they fall due, so a later, longer one is enough.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 50)));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});
