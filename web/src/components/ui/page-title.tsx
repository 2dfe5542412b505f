import { useEffect, type ReactNode } from 'react';
import { createStore, useStore } from '@/lib/store';

/** The text of the page's h1 while it is shown (the breadcrumb's last step), or null. */
const pageTitleStore = createStore<string | null>(null);
export const usePageTitle = (): string | null => useStore(pageTitleStore);

const isText = (node: ReactNode): node is string | number =>
  typeof node === 'string' || typeof node === 'number';

/** The text of a title made only of text ('Claire', ' ', 'Martin'), else null. */
function textOf(children: ReactNode): string | null {
  if (isText(children)) return String(children);
  if (Array.isArray(children) && children.every(isText)) return children.join('');
  return null;
}

/** The page's one h1; a plain-text title also names the page in the breadcrumb. */
export function PageTitle({ children, className }: { children: ReactNode; className?: string }) {
  const text = textOf(children);
  useEffect(() => {
    pageTitleStore.set(text);
    return () => pageTitleStore.set((current) => (current === text ? null : current));
  }, [text]);
  return <h1 className={`h3 mb-3 page-title ${className ?? ''}`.trim()}>{children}</h1>;
}
