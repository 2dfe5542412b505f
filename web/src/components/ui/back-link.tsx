import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { stepsBackTo } from '@/lib/navigation-history';

/**
 * "← Retour": a link to the page above (so that it works in a new tab too); when the user came
 * from that page in this visit, it goes back in the history instead, which finds the list as it
 * was left (page, search, tab, scroll).
 */
export function BackLink({
  to,
  className = 'btn btn-link px-0 mb-2',
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const steps = stepsBackTo(to);
    if (steps === null) return;
    event.preventDefault();
    void navigate(-steps);
  };
  return (
    <Link to={to} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
