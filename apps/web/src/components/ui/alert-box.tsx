import type { ReactNode } from 'react';

interface AlertBoxProps {
  variant: 'danger' | 'info' | 'warning' | 'success';
  className?: string;
  children: ReactNode;
}

/**
 * A Bootstrap alert that is simply there, for the alerts of the comparison page. react-bootstrap's
 * `Alert` brings its fade transition code (about 2 KB gzipped, with `Collapse` 4 KB) into the first
 * bundle, and these alerts never fade: they appear with their content. Dialogs, loaded later, keep
 * react-bootstrap's.
 */
export function AlertBox({ variant, className, children }: AlertBoxProps) {
  return (
    <div role="alert" className={`alert alert-${variant}${className ? ` ${className}` : ''}`}>
      {children}
    </div>
  );
}
