import type { ReactNode } from 'react';

/** The page's one h1. */
export function PageTitle({ children, className }: { children: ReactNode; className?: string }) {
  return <h1 className={`h3 mb-3 page-title ${className ?? ''}`.trim()}>{children}</h1>;
}
