import type { ReactNode } from 'react';

/** Bump when the text of either page changes in substance. */
export const LEGAL_UPDATED = '2026-11-21';

/** A legal page: its title (also the browser tab's, via React 19's hoisted <title>) and its sections. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="container py-4" style={{ maxWidth: '48rem' }}>
      <title>{`${title} · PromptPair`}</title>
      <h1 className="h3">{title}</h1>
      <p className="text-body-secondary small">Last updated: {LEGAL_UPDATED}</p>
      {children}
    </article>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-4">
      <h2 className="h5">{title}</h2>
      {children}
    </section>
  );
}
