import { useLayoutEffect, useRef } from 'react';

/**
 * A column heading that sorts the list on the server (a call with an order column and no
 * direction: ascending only). Its cell announces the order with aria-sort; clicking the sorted
 * column again goes back to the list's default order.
 */
export function SortHeader({
  label,
  active,
  onSort,
}: {
  label: string;
  active: boolean;
  onSort: () => void;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  // aria-sort belongs to the column header cell, which the table draws around this heading
  useLayoutEffect(() => {
    ref.current?.closest('th')?.setAttribute('aria-sort', active ? 'ascending' : 'none');
  }, [active]);
  return (
    <button
      ref={ref}
      type="button"
      className="btn btn-link p-0 fw-semibold text-reset text-decoration-none border-0 align-baseline"
      onClick={onSort}
    >
      {label}
      <span aria-hidden="true" className="ms-1 small">
        {active ? '▲' : '↕'}
      </span>
    </button>
  );
}
