import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import type { Column } from '@/components/ui/data-table';
import { Glyph, Icon } from '@/components/ui/icon';

// Loaded on first use, so that a list opens without it: the tooltip (popper.js) with the
// first button that has one.
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
  opensDialog = false,
}: {
  label: string;
  icon: string;
  onClick: () => void;
  variant?: string;
  disabled?: boolean;
  /** shown on hover and focus (a disabled button gets a focusable wrapper) */
  tooltip?: string | undefined;
  /** the button opens a dialog (a form, a confirmation): said to assistive technologies */
  opensDialog?: boolean;
}) {
  const button = (
    <button
      type="button"
      className={`btn btn-sm btn-${variant}`}
      onClick={onClick}
      disabled={disabled}
      aria-haspopup={opensDialog ? 'dialog' : undefined}
      title={tooltip ? undefined : label}
    >
      <span aria-hidden="true">
        <Glyph icon={icon} />
      </span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
  if (!tooltip) return button;
  const target = (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a disabled button gets no focus; its wrapper carries the tooltip
    <span className="d-inline-block" tabIndex={0} aria-label={`${label} : ${tooltip}`} role="note">
      {button}
    </span>
  );
  // the same wrapper shows while the tooltip's code loads
  return (
    <Suspense fallback={target}>
      <TooltipOverlay id={`tip-${label.replace(/\W+/g, '-')}`} text={tooltip}>
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
