import 'bootstrap/dist/css/bootstrap.min.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { pageReady } from './app/routes.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A page whose first paint needs its own code waits for it (a shared page: preloaded with the entry).
const ready = pageReady(window.location.pathname);
if (ready) void ready.then(render);
else render();
