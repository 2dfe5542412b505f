/**
 * The address search of a map: a combobox (typed text, Enter or the button searches; Up and Down
 * choose among the suggestions, Enter takes one, Escape closes them). Its answers are said in a
 * status line: how many, none ("Aucune adresse trouvée"), or a failure of the search.
 * Not a <form>: a map often sits inside one (a signal, a work), and forms cannot nest.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { GeocodeResult } from './types';

type State =
  { kind: 'idle' } | { kind: 'searching' } | { kind: 'found'; results: GeocodeResult[] } | { kind: 'failed' };

export function AddressSearch({
  search,
  onPick,
}: {
  search: (query: string) => Promise<GeocodeResult[]>;
  onPick: (result: GeocodeResult) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const results = state.kind === 'found' ? state.results : [];
  const expanded = open && results.length > 0;

  const run = async () => {
    if (!query.trim()) return;
    setState({ kind: 'searching' });
    try {
      const found = await search(query);
      setState({ kind: 'found', results: found });
      setOpen(true);
      setActive(found.length ? 0 : -1);
      // the first answer shows at once; another one is a choice away
      if (found[0]) onPick(found[0]);
    } catch {
      setState({ kind: 'failed' });
      setOpen(false);
    }
  };
  const pick = (index: number) => {
    const result = results[index];
    if (!result) return;
    setActive(index);
    setOpen(false);
    setQuery(result.label);
    onPick(result);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // never the page's form
      event.preventDefault();
      if (expanded && active >= 0) pick(active);
      else void run();
    } else if (event.key === 'ArrowDown' && results.length) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? results.length - 1 : index - 1));
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="map-search mb-2 position-relative" role="search">
      <div className="d-flex gap-2">
        <label htmlFor={`${id}-input`} className="visually-hidden">
          {t('map.search_label')}
        </label>
        <input
          id={`${id}-input`}
          className="form-control form-control-sm"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          autoComplete="off"
          value={query}
          placeholder={t('map.search_label')}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(false);
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => void run()}
          disabled={state.kind === 'searching'}
        >
          {t('common.search')}
        </button>
      </div>
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={t('map.suggestions')}
        className="map-suggestions list-group position-absolute w-100 shadow-sm"
        hidden={!expanded}
      >
        {results.map((result, index) => (
          // the input handles the keys of the options (aria-activedescendant); a click picks one
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={`${result.label}-${index}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={`list-group-item list-group-item-action small${index === active ? ' active' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(index)}
          >
            {result.label}
          </li>
        ))}
      </ul>
      {state.kind === 'failed' ? (
        <p className="small text-danger mb-0 mt-1" role="alert">
          {t('map.search_failed')}
        </p>
      ) : (
        <p className="small mb-0 mt-1" role="status">
          {state.kind === 'searching'
            ? t('map.searching')
            : state.kind === 'found'
              ? results.length === 0
                ? t('map.no_result')
                : t('map.results', { count: results.length, label: results[0]?.label ?? '' })
              : ''}
        </p>
      )}
    </div>
  );
}
