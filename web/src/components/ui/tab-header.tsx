import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from '@/lib/i18n';
import { Icon } from './icon';

/** How long the list waits after the last keystroke before it searches. */
export const LIST_SEARCH_DEBOUNCE_MS = 400;

export interface TabHeaderProps {
  title: ReactNode;
  /**
   * The count line. Given as undefined while the count loads, its line is kept (empty), so that the
   * list below does not move when the count arrives; left out, the header has no such line.
   */
  subtitle?: ReactNode;
  /** current search text; the search box shows when onSearch is given */
  search?: string;
  onSearch?: (value: string) => void;
  searchLabel?: string;
  /** the fewest characters a search needs (a shorter one is not sent, and the box says so) */
  searchMinLength?: number;
  /** the add button shows when onAdd is given (hide it in read-only mode) */
  addLabel?: string;
  onAdd?: () => void;
  /** the add button opens a dialog (a wizard) rather than a page: said to assistive technologies */
  addOpensDialog?: boolean;
  headingLevel?: 2 | 3;
}

/**
 * A list tab's header: title, subtitle (a count), optional search and optional add button. The
 * search runs as the user types (once the typing pauses), on Enter, or with its button.
 */
export function TabHeader(props: TabHeaderProps) {
  const {
    title,
    subtitle,
    search,
    onSearch,
    searchLabel,
    searchMinLength = 0,
    addLabel,
    onAdd,
    addOpensDialog = false,
    headingLevel = 2,
  } = props;
  const { t } = useTranslation();
  const searchId = useId();
  const hintId = useId();
  const [text, setText] = useState(search ?? '');
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    // the URL's search changed (back button): show it
    setShownSearch(search);
    setText(search ?? '');
  }
  const wanted = text.trim();
  const tooShort = wanted.length > 0 && wanted.length < searchMinLength;
  // the latest callback, so that a parent's new function does not restart the wait
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });
  useEffect(() => {
    if (wanted === (search ?? '') || tooShort) return undefined;
    const timer = window.setTimeout(() => onSearchRef.current?.(wanted), LIST_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [wanted, search, tooShort]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="tab-header d-flex flex-wrap align-items-end gap-3 mb-3">
      <div className="me-auto">
        <Heading className="h4 mb-0">{title}</Heading>
        {subtitle !== undefined ? (
          <p className="text-body-secondary mb-0 small">{subtitle}</p>
        ) : 'subtitle' in props ? (
          <p className="mb-0 small" aria-hidden="true">
            {'\u00a0'}
          </p>
        ) : null}
      </div>
      {onSearch ? (
        <Form
          role="search"
          className="tab-header-search-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!tooShort && wanted !== (search ?? '')) onSearch(wanted);
          }}
        >
          <Form.Label htmlFor={searchId} visuallyHidden>
            {searchLabel ?? t('common.search')}
          </Form.Label>
          <InputGroup>
            <Form.Control
              id={searchId}
              type="search"
              value={text}
              placeholder={searchLabel ?? t('common.search')}
              aria-describedby={tooShort ? hintId : undefined}
              onChange={(event) => setText(event.target.value)}
            />
            <Button type="submit" variant="outline-secondary" aria-label={t('common.search')}>
              <Icon name="search" />
            </Button>
          </InputGroup>
          {tooShort ? (
            <Form.Text id={hintId} className="d-block">
              {t('common.search_min_length', { count: searchMinLength })}
            </Form.Text>
          ) : null}
        </Form>
      ) : null}
      {onAdd ? (
        <Button variant="primary" onClick={onAdd} aria-haspopup={addOpensDialog ? 'dialog' : undefined}>
          {addLabel ?? t('common.add')}
        </Button>
      ) : null}
    </div>
  );
}
