import { PAGE_ROUTES } from '@promptpair/contract';

interface SiteFooterProps {
  /** Opens the Contact Us dialog, which the app shell owns. */
  onContactUs: () => void;
  /** Opens the "Your data" dialog. */
  onYourData: () => void;
}

// Read once per page load: a page left open over New Year may show last year, which is harmless.
const YEAR = new Date().getFullYear();

/** docs/product.md §2 footer: Contact Us, the two legal pages in new tabs, and the copyright line. */
export function SiteFooter({ onContactUs, onYourData }: SiteFooterProps) {
  return (
    <footer className="border-top mt-5">
      <div className="container d-flex flex-wrap align-items-center justify-content-between gap-2 py-3 small">
        <nav aria-label="Footer">
          <ul className="list-inline mb-0">
            <li className="list-inline-item">
              <button type="button" className="btn btn-link btn-sm px-0 py-1 align-baseline" onClick={onContactUs}>
                Contact Us
              </button>
            </li>
            <li className="list-inline-item">
              <a href={PAGE_ROUTES.privacyPolicy} target="_blank" rel="noopener noreferrer">
                Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li className="list-inline-item">
              <a href={PAGE_ROUTES.termsAndConditions} target="_blank" rel="noopener noreferrer">
                Terms and Conditions<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li className="list-inline-item">
              <button type="button" className="btn btn-link btn-sm px-0 py-1 align-baseline" onClick={onYourData}>
                Your data
              </button>
            </li>
          </ul>
        </nav>
        <p className="mb-0 text-body-secondary">© {YEAR} PromptPair</p>
      </div>
    </footer>
  );
}
