import { PAGE_ROUTES } from '@promptpair/contract';
import { Link } from 'wouter';

export function NotFoundPage() {
  return (
    <div className="container py-5">
      <h1 className="h3">Page not found</h1>
      <p className="text-body-secondary">There is nothing at this address.</p>
      <Link href={PAGE_ROUTES.home}>Back to the comparison page</Link>
    </div>
  );
}
