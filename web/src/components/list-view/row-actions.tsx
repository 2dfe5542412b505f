import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
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
  // null until the first hover or focus: then the overlay (its code loaded then) shows while hovered or focused
  const [shown, setShown] = useState<boolean | null>(null);
  const wrapper = useRef<HTMLSpanElement>(null);
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
  const show = () => setShown(true);
  const hide = () => setShown(false);
  // the wrapper stays the same element throughout (the focus stays on it); the overlay is its sibling
  return (
    <>
      <span
        ref={wrapper}
        className="d-inline-block"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a disabled button gets no focus; its wrapper carries the tooltip
        tabIndex={0}
        aria-label={`${label} : ${tooltip}`}
        role="note"
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
      >
        {button}
      </span>
      {shown !== null && (
        <Suspense fallback={null}>
          <TooltipOverlay
            id={`tip-${label.replace(/\W+/g, '-')}`}
            text={tooltip}
            target={wrapper}
            show={shown}
          />
        </Suspense>
      )}
    </>
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
