import { sharedChatPagePath, type RenderSharedPage } from '@promptpair/contract';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './app/app.tsx';
import { pageReady } from './app/routes.tsx';
import { EmbeddedSharedChat, renderedAhead } from './features/share/hooks/use-shared-chat.ts';

/**
 * The server's entry (`vite build --ssr`): a shared page's `#root` as the browser's first render
 * makes it (main.tsx), so the page paints before any script has run and the browser hydrates it.
 * Waits for every lazily loaded part of that render (the page, its Markdown buttons), as the
 * browser does before it hydrates; React escapes every text of the comparison. Rejects when any
 * part failed to render, rather than leave the browser a part to redo.
 */
export const renderSharedPage: RenderSharedPage = async (data) => {
  // Such a page paints "Loading..." until the browser has rendered the rest: nothing to gain here.
  if (!renderedAhead(data)) return null;
  const path = sharedChatPagePath(data.hash);
  await pageReady(path);
  const failures: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={path}>
        <EmbeddedSharedChat.Provider value={(hash) => (hash === data.hash ? data : null)}>
          <App />
        </EmbeddedSharedChat.Provider>
      </Router>
    </StrictMode>,
    { onError: (error) => void failures.push(error) },
  );
  const markup = await new Response(prelude).text();
  if (failures.length > 0) throw new Error('The shared page did not render on the server.', { cause: failures[0] });
  return markup;
};
