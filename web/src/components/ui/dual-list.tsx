/**
 * The dual list: available items on the left (searchable, case-insensitive substring), selected
 * items on the right. Items already selected or excluded (already attached) are never offered.
 * Long lists (the "all items" page size, 9,999) are virtualized so only the visible rows render.
 * A keystroke in the search box updates the box at once; the filtering and the list follow in a
 * deferred render (useDeferredValue) that the next keystroke interrupts, so typing never waits
 * for the list (the panes, memoized, do not render for the box). The pane says which search it
 * shows (data-search).
 */
import { memo, useCallback, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from '@/lib/i18n';
import { LoadFailure } from './alerts';
import { Spinner } from './spinner';

export type DualListKey = number | string;
export interface DualListItem {
  id: DualListKey;
  label: string;
}

export interface DualListProps {
  items: readonly DualListItem[];
  selected: readonly DualListKey[];
  onChange: (selected: DualListKey[]) => void;
  /** ids never offered (already attached) */
  exclude?: readonly DualListKey[];
  availableLabel?: string;
  selectedLabel?: string;
  loading?: boolean;
  /** the items could not load: said in place of the list (never '0 élément'), with a retry */
  failed?: boolean;
  onRetry?: () => Promise<unknown>;
  /** the search as typed, for a list searched by the server too (the parent sends it, debounced) */
  onSearch?: (search: string) => void;
}

/** Lists longer than this are virtualized. */
const VIRTUALIZE_FROM = 100;
const ROW_HEIGHT = 40;
const LIST_HEIGHT = 320;

/**
 * The items offered: not selected, not excluded, whose label contains the search (case-insensitive).
 * `lowered` (the labels in lower case, in the order of `items`) saves lowering every label per keystroke.
 */
export function filterAvailable(
  items: readonly DualListItem[],
  selected: readonly DualListKey[],
  exclude: readonly DualListKey[],
  search: string,
  lowered: readonly string[] = items.map((item) => item.label.toLocaleLowerCase()),
): DualListItem[] {
  const hidden = new Set<DualListKey>([...selected, ...exclude]);
  const needle = search.trim().toLocaleLowerCase();
  return items.filter(
    (item, index) => !hidden.has(item.id) && (!needle || (lowered[index] ?? '').includes(needle)),
  );
}

const Pane = memo(function Pane({
  title,
  rows,
  action,
  actionLabel,
  emptyText,
  search,
}: {
  title: string;
  rows: readonly DualListItem[];
  action: (item: DualListItem) => void;
  actionLabel: (label: string) => string;
  emptyText: string;
  /** the search the rows answer (the available pane) */
  search?: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = rows.length >= VIRTUALIZE_FROM;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer keeps its own state
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 300, height: LIST_HEIGHT },
    // the pane has a fixed height: use it while the element is not laid out (hidden, or no layout engine)
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { width: rect.width, height: LIST_HEIGHT }),
      ),
  });
  const renderRow = (item: DualListItem, style?: React.CSSProperties, index?: number) => (
    <li key={item.id} style={style} className="dual-list-row" data-index={index}>
      <button
        type="button"
        className="btn btn-sm btn-light w-100 text-start text-truncate"
        style={{ height: ROW_HEIGHT - 4 }}
        aria-label={actionLabel(item.label)}
        title={item.label}
        onClick={() => action(item)}
      >
        {item.label}
      </button>
    </li>
  );
  return (
    <div
      ref={scrollRef}
      className="dual-list-pane border rounded overflow-auto"
      style={{ height: LIST_HEIGHT }}
      role="region"
      aria-label={title}
      data-search={search}
      tabIndex={-1}
    >
      {rows.length === 0 ? (
        <p className="text-body-secondary small p-2 mb-0">{emptyText}</p>
      ) : virtual ? (
        <ul className="list-unstyled mb-0 position-relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((v) => {
            const item = rows[v.index];
            return item
              ? renderRow(
                  item,
                  {
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW_HEIGHT,
                    transform: `translateY(${v.start}px)`,
                    padding: 2,
                  },
                  v.index,
                )
              : null;
          })}
        </ul>
      ) : (
        <ul className="list-unstyled mb-0">{rows.map((item) => renderRow(item, { padding: 2 }))}</ul>
      )}
    </div>
  );
});

export function DualList({
  items,
  selected,
  onChange,
  exclude = [],
  availableLabel,
  selectedLabel,
  loading = false,
  failed = false,
  onRetry,
  onSearch,
}: DualListProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const shownSearch = useDeferredValue(search);
  const lowered = useMemo(() => items.map((item) => item.label.toLocaleLowerCase()), [items]);
  const available = useMemo(
    () => filterAvailable(items, selected, exclude, shownSearch, lowered),
    [items, selected, exclude, shownSearch, lowered],
  );
  const selectedItems = useMemo(() => {
    const byId = new Map(items.map((item) => [item.id, item]));
    return selected.map((id) => byId.get(id)).filter((item): item is DualListItem => item !== undefined);
  }, [items, selected]);
  // stable between keystrokes: the panes skip the render that only updates the search box
  const add = useCallback((item: DualListItem) => onChange([...selected, item.id]), [onChange, selected]);
  const remove = useCallback(
    (item: DualListItem) => onChange(selected.filter((id) => id !== item.id)),
    [onChange, selected],
  );
  const addLabel = useCallback((label: string) => t('dual_list.add_item', { label }), [t]);
  const removeLabel = useCallback((label: string) => t('dual_list.remove_item', { label }), [t]);
  const availableTitle = availableLabel ?? t('dual_list.available');
  const selectedTitle = selectedLabel ?? t('dual_list.selected');

  return (
    <div className="dual-list row g-3">
      <div className="col-md-6">
        <h3 className="h6 d-flex justify-content-between">
          <span>{availableTitle}</span>
          {failed || loading ? null : (
            <span className="text-body-secondary small">
              {t('dual_list.count', { count: available.length })}
            </span>
          )}
        </h3>
        <label htmlFor={searchId} className="visually-hidden">
          {t('dual_list.search_in', { list: availableTitle })}
        </label>
        <input
          id={searchId}
          type="search"
          className="form-control form-control-sm mb-2"
          placeholder={t('dual_list.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            onSearch?.(event.target.value);
          }}
        />
        {failed ? (
          <LoadFailure onRetry={onRetry ?? (() => Promise.resolve())} />
        ) : loading ? (
          <Spinner />
        ) : (
          <Pane
            title={availableTitle}
            rows={available}
            action={add}
            actionLabel={addLabel}
            emptyText={t('dual_list.empty')}
            search={shownSearch}
          />
        )}
        <button
          type="button"
          className="btn btn-link btn-sm px-0"
          disabled={loading || failed || available.length === 0 || shownSearch !== search}
          onClick={() => onChange([...selected, ...available.map((item) => item.id)])}
        >
          {t('dual_list.add_all')}
        </button>
      </div>
      <div className="col-md-6">
        <h3 className="h6 d-flex justify-content-between">
          <span>{selectedTitle}</span>
          <span className="text-body-secondary small">
            {t('dual_list.count', { count: selectedItems.length })}
          </span>
        </h3>
        <div style={{ height: 31 }} className="mb-2" aria-hidden="true" />
        <Pane
          title={selectedTitle}
          rows={selectedItems}
          action={remove}
          actionLabel={removeLabel}
          emptyText={t('dual_list.none_selected')}
        />
        <button
          type="button"
          className="btn btn-link btn-sm px-0"
          disabled={selectedItems.length === 0}
          onClick={() => onChange([])}
        >
          {t('dual_list.remove_all')}
        </button>
      </div>
    </div>
  );
}
