import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

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
  /** the add button shows when onAdd is given (hide it in read-only mode) */
  addLabel?: string;
  onAdd?: () => void;
  headingLevel?: 2 | 3;
}

/** A list tab's header: title, subtitle (a count), optional search and optional add button. */
export function TabHeader(props: TabHeaderProps) {
  const { title, subtitle, search, onSearch, searchLabel, addLabel, onAdd, headingLevel = 2 } = props;
  const { t } = useTranslation();
  const searchId = useId();
  const [text, setText] = useState(search ?? '');
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    // the URL's search changed (back button): show it
    setShownSearch(search);
    setText(search ?? '');
  }
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
          onSubmit={(event) => {
            event.preventDefault();
            onSearch(text.trim());
          }}
        >
          <Form.Label htmlFor={searchId} visuallyHidden>
            {searchLabel ?? t('common.search')}
          </Form.Label>
          <Form.Control
            id={searchId}
            type="search"
            className="tab-header-search"
            value={text}
            placeholder={searchLabel ?? t('common.search')}
            onChange={(event) => setText(event.target.value)}
          />
        </Form>
      ) : null}
      {onAdd ? (
        <Button variant="primary" onClick={onAdd}>
          {addLabel ?? t('common.add')}
        </Button>
      ) : null}
    </div>
  );
}
