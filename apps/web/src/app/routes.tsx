import { PAGE_ROUTES } from '@promptpair/contract';
import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { preloadMarkdown } from '../components/answer/answer-text.tsx';
import { HomeRoute } from './home-route.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';

// Only the comparison page is in the first bundle; the other pages load when visited.
const SharedChatPage = lazy(() => {
  // A shared page always shows answers: their renderer downloads beside the page's own code, not after it.
  preloadMarkdown({ withHighlighter: true });
  return import('../features/share/components/shared-chat-page.tsx').then((m) => ({ default: m.SharedChatPage }));
});
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
