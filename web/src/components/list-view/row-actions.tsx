import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import type { Column } from '@/components/ui/data-table';
import { Glyph, Icon } from '@/components/ui/icon';

// Loaded when a button's hint is first wanted (hover or focus), so that a list opens without it:
// the overlay's code (popper.js) and its styles stay out of every list's first load.
const TooltipOverlay = lazy(() => import('./tooltip-overlay'));

/** A row's link to its detail: a magnifier button named by `label`. */
export function DetailLink({ to, label }: { to: string | null; label: string }) {
  if (!to) return null;
  return (
    <Link to={to} className="btn btn-sm btn-outline-primary" title={label}>
      <Icon name="search" />
      <span className="visually-hidden">{label}</span>
    </Link>
  );
}

/** A row's icon button named by `label`, with an optional tooltip (kept on a disabled button). */
export function ActionButton({
  label,
  icon,
  onClick,
  variant = 'outline-danger',
  disabled,
  tooltip,
}: {
  label: string;
  icon: string;
  onClick: () => void;
  variant?: string;
  disabled?: boolean;
  /** shown on hover and focus (a disabled button gets a focusable wrapper) */
  tooltip?: string | undefined;
}) {
  // the overlay is rendered from the first hover or focus on, shown at once for that one
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      className={`btn btn-sm btn-${variant}`}
      onClick={onClick}
      disabled={disabled}
      title={tooltip ? undefined : label}
    >
      <span aria-hidden="true">
        <Glyph icon={icon} />
      </span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
  if (!tooltip) return button;
  const want = () => setWanted(true);
  const target = (
    <span
      className="d-inline-block"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a disabled button gets no focus; its wrapper carries the tooltip
      tabIndex={0}
      aria-label={`${label} : ${tooltip}`}
      role="note"
      onMouseEnter={wanted ? undefined : want}
      onFocus={wanted ? undefined : want}
    >
      {button}
    </span>
  );
  if (!wanted) return target;
  // the same wrapper shows while the overlay's code loads
  return (
    <Suspense fallback={target}>
      <TooltipOverlay id={`tip-${label.replace(/\W+/g, '-')}`} text={tooltip} shown>
        {target}
      </TooltipOverlay>
    </Suspense>
  );
}

/** The 'Actions' column, last in a row, its buttons right-aligned; none when `render` is absent. */
export function useActionsColumn<Row>(render: ((row: Row) => ReactNode) | false): Column<Row>[] {
  const { t } = useTranslation();
  if (render === false) return [];
  return [
    {
      key: 'actions',
      header: t('common.actions'),
      className: 'text-end',
      render: (row) => <div className="d-flex gap-2 justify-content-end">{render(row)}</div>,
    },
  ];
}
