import 'bootstrap/dist/css/bootstrap.min.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { pageReady } from './app/routes.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A shared page arrives rendered by the server (shared-page.server.tsx): taken over, not drawn again.
const render = () => (root.firstChild ? hydrateRoot(root, app) : createRoot(root).render(app));
// A page whose first paint needs its own code waits for it (a shared page: preloaded with the entry).
const ready = pageReady(window.location.pathname);
if (ready) void ready.then(render);
else render();
