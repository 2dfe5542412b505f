import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A disclosure menu (WAI-ARIA disclosure pattern): a button that shows a list of links or buttons.
 * Escape closes it and gives the focus back to the button; a click outside closes it.
 * Lighter than a positioned dropdown, so that the shell stays small.
 */
export function MenuButton({
  label,
  children,
  className,
  align = 'end',
  buttonLabel,
  buttonClassName = 'btn btn-header',
}: {
  label: ReactNode;
  /** the accessible name when the visible label is not enough */
  buttonLabel?: string;
  children: (close: () => void) => ReactNode;
  className?: string;
  /** the button's classes: the header bar's light outline by default */
  buttonClassName?: string;
  align?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div
      ref={root}
      className={`menu-button position-relative ${className ?? ''}`}
      onBlur={(event) => {
        if (open && root.current && !root.current.contains(event.relatedTarget as Node | null))
          setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`${buttonClassName} dropdown-toggle`}
        aria-expanded={open}
        aria-controls={id}
        aria-label={buttonLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      <div
        id={id}
        className={`dropdown-menu ${open ? 'show' : ''} ${align === 'end' ? 'dropdown-menu-end end-0' : ''}`}
        hidden={!open}
      >
        {open ? children(close) : null}
      </div>
    </div>
  );
}
