import { PAGE_ROUTES, sharedChatPagePath } from '@promptpair/contract';
import { lazy, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { HomeRoute } from './home-route.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';

// Only the comparison page is in the first bundle; the other pages load when visited.
let loadedSharedChatPage: ComponentType | null = null;
const loadSharedChatPage = () =>
  import('../features/share/components/shared-chat-page.tsx').then((m) => ({ default: (loadedSharedChatPage = m.SharedChatPage) }));
const LazySharedChatPage = lazy(loadSharedChatPage);
/** Rendered at once when its code is there (see `pageReady`), else through Suspense. */
function SharedChatPage() {
  const Loaded = loadedSharedChatPage;
  return Loaded ? <Loaded /> : <LazySharedChatPage />;
}

/**
 * Resolves once the code of the page at `pathname` is loaded, for a page not in the first bundle
 * that the app should not paint without. A shared page arrives with its answers in its HTML and its
 * code preloaded beside the entry; painting the layout first (an empty page, the footer at the
 * bottom of the screen) and the comparison a moment later would push the footer down, a layout shift.
 */
export function pageReady(pathname: string): Promise<unknown> | null {
  return pathname.startsWith(sharedChatPagePath('')) ? loadSharedChatPage().catch(() => undefined) : null;
}
const PrivacyPolicyPage = lazy(() =>
  import('../features/legal/components/legal-pages.tsx').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const RunResultsPage = lazy(() => import('../features/batch/components/run-results-page.tsx').then((m) => ({ default: m.RunResultsPage })));
const TermsAndConditionsPage = lazy(() =>
  import('../features/legal/components/legal-pages.tsx').then((m) => ({ default: m.TermsAndConditionsPage })),
);

/** The route table inside the layout every page shares; the browser and the tests' memory location both route it. */
export function AppRoutes() {
  return (
    <RootLayout>
      <Switch>
        <Route path={PAGE_ROUTES.home} component={HomeRoute} />
        <Route path={PAGE_ROUTES.sharedChat} component={SharedChatPage} />
        <Route path={PAGE_ROUTES.privacyPolicy} component={PrivacyPolicyPage} />
        <Route path={PAGE_ROUTES.termsAndConditions} component={TermsAndConditionsPage} />
        <Route path={PAGE_ROUTES.runResults} component={RunResultsPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </RootLayout>
  );
}
