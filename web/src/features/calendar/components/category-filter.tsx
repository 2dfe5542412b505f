import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '@/lib/i18n';
import type { CalendarCategory } from '../api/calendars';
import { NO_CATEGORY_COLOR } from './calendar-grid';

/** The filter's own option for the events without a category, written 'none' in the URL. */
export const NO_CATEGORY = 'none';
export type FilterKey = number | typeof NO_CATEGORY;

/**
 * The category filter in the URL: absent = every event; otherwise the kept category ids, and
 * 'none' when the events without a category are kept (so that they are never hidden silently).
 */
export function parseCategories(raw: string | null): FilterKey[] | null {
  if (raw === null) return null;
  return raw.split(',').flatMap((part): FilterKey[] => {
    if (part === NO_CATEGORY) return [NO_CATEGORY];
    const n = Number(part);
    return Number.isInteger(n) && n > 0 ? [n] : [];
  });
}

/**
 * The category filter: one box per category and one for the events without a category (ticked by
 * default, never hidden silently); `null` keeps every event.
 */
export function CategoryFilter({
  categories,
  selected,
  onChange,
}: {
  categories: CalendarCategory[];
  selected: FilterKey[] | null;
  onChange: (next: string | null) => void;
}) {
  const { t } = useTranslation();
  const allKeys: FilterKey[] = [...categories.map((c) => c.id), NO_CATEGORY];
  const isShown = (key: FilterKey) => selected === null || selected.includes(key);
  const toggle = (key: FilterKey, on: boolean) => {
    const current = selected ?? allKeys;
    const next = on ? [...new Set([...current, key])] : current.filter((c) => c !== key);
    const everything = allKeys.every((k) => next.includes(k));
    onChange(everything ? null : next.join(','));
  };
  const options: { key: FilterKey; label: string; color: string }[] = [
    ...categories.map((c) => ({ key: c.id, label: c.label, color: c.color })),
    { key: NO_CATEGORY, label: t('calendar.no_category'), color: NO_CATEGORY_COLOR },
  ];
  return (
    <fieldset className="mb-3">
      <legend className="h6">{t('calendar.categories')}</legend>
      <div className="d-flex flex-wrap gap-3">
        {options.map((option) => (
          <Form.Check key={option.key} id={`calendar-category-${option.key}`} type="checkbox">
            <Form.Check.Input
              type="checkbox"
              checked={isShown(option.key)}
              onChange={(e) => toggle(option.key, e.target.checked)}
            />
            <Form.Check.Label>
              <span
                aria-hidden="true"
                className="d-inline-block rounded me-1 align-middle"
                style={{ width: 12, height: 12, background: option.color }}
              />
              {option.label}
            </Form.Check.Label>
          </Form.Check>
        ))}
        {selected !== null ? (
          <Button variant="link" size="sm" className="p-0" onClick={() => onChange(null)}>
            {t('calendar.all_categories')}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
