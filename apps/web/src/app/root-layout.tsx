import { lazy, Suspense, type ReactNode } from 'react';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { useDialogState } from '../components/ui/use-dialog-state.ts';
import '../components/layout/colour-modes.css';

const YourDataDialog = lazy(() =>
  import('../features/my-data/components/your-data-dialog.tsx').then((m) => ({ default: m.YourDataDialog })),
);
// The head's boot script has already set the colour mode; the switch that changes it loads just after.
const ThemeSwitch = lazy(() => import('../components/layout/theme-switch.tsx').then((m) => ({ default: m.ThemeSwitch })));
const ContactUsModal = lazy(() =>
  import('../features/contact/components/contact-us-modal.tsx').then((m) => ({ default: m.ContactUsModal })),
);

/** Every page: the theme switch, its content, then the footer whose 'Contact Us' and 'Your data' open their dialogs. */
export function RootLayout({ children }: { children: ReactNode }) {
  const contact = useDialogState();
  const yourData = useDialogState();
  return (
    <div className="d-flex flex-column min-vh-100">
      {/* As tall as the switch from the first paint, so nothing moves when it arrives. */}
      <header className="site-header container d-flex justify-content-end pt-2">
        <Suspense fallback={null}>
          <ThemeSwitch />
        </Suspense>
      </header>
      <main className="flex-grow-1">
        {/* Lazy pages show nothing for the instant they load rather than a flashing spinner. */}
        <Suspense fallback={null}>
          {children}
        </Suspense>
      </main>
      <SiteFooter onContactUs={contact.open} onYourData={yourData.open} />
      {contact.mounted && (
        <Suspense fallback={null}>
          <ContactUsModal show={contact.isOpen} onHide={contact.close} />
        </Suspense>
      )}
      {yourData.mounted && (
        <Suspense fallback={null}>
          {/* After deleting everything the page reloads, so no part of it shows what was deleted. */}
          <YourDataDialog show={yourData.isOpen} onHide={yourData.close} onDeletedAll={() => window.location.reload()} />
        </Suspense>
      )}
    </div>
  );
}
