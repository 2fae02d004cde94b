import { PAGE_ROUTES } from '@promptpair/contract';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { HomeRoute } from './home-route.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';

// Only the comparison page is in the first bundle; the other pages load when visited.
const SharedChatPage = lazy(() =>
  import('../features/share/components/shared-chat-page.tsx').then((m) => ({ default: m.SharedChatPage })),
);
const PrivacyPolicyPage = lazy(() =>
  import('../features/legal/components/legal-pages.tsx').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsAndConditionsPage = lazy(() =>
  import('../features/legal/components/legal-pages.tsx').then((m) => ({ default: m.TermsAndConditionsPage })),
);

/** The route table, shared by the browser router and the tests' memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: PAGE_ROUTES.home, element: <HomeRoute /> },
      { path: PAGE_ROUTES.sharedChat, element: <SharedChatPage /> },
      { path: PAGE_ROUTES.privacyPolicy, element: <PrivacyPolicyPage /> },
      { path: PAGE_ROUTES.termsAndConditions, element: <TermsAndConditionsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
