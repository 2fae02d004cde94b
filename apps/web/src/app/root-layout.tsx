import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { useDialogState } from '../components/ui/use-dialog-state.ts';

const ContactUsModal = lazy(() =>
  import('../features/contact/components/contact-us-modal.tsx').then((m) => ({ default: m.ContactUsModal })),
);

/** Every page: its content, then the footer whose 'Contact Us' opens the contact dialog. */
export function RootLayout() {
  const contact = useDialogState();
  return (
    <div className="d-flex flex-column min-vh-100">
      <main className="flex-grow-1">
        {/* Lazy pages show nothing for the instant they load rather than a flashing spinner. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter onContactUs={contact.open} />
      {contact.mounted && (
        <Suspense fallback={null}>
          <ContactUsModal show={contact.isOpen} onHide={contact.close} />
        </Suspense>
      )}
    </div>
  );
}
