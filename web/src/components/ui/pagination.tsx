import BsPagination from 'react-bootstrap/Pagination';
import { useTranslation } from '@/lib/i18n';
import { PAGING } from '@portal/contract/constants';

/** The page numbers around the current one: at most `range` of them (portal.md section 9: 5). */
export function pageWindow(current: number, pageCount: number, range: number = PAGING.pageRange): number[] {
  if (pageCount <= 0) return [];
  const size = Math.min(range, pageCount);
  let start = Math.max(1, current - Math.floor(size / 2));
  start = Math.min(start, pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

export function Pagination({
  page,
  pageCount,
  onChange,
  range = PAGING.pageRange,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  range?: number;
}) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const pages = pageWindow(page, pageCount, range);
  // the arrows are plain items: React Bootstrap's First/Prev/Next/Last add English hidden names
  return (
    <nav aria-label={t('pagination.label')}>
      <BsPagination className="justify-content-center">
        <BsPagination.Item disabled={page <= 1} onClick={() => onChange(1)}>
          <span aria-hidden="true">«</span>
          <span className="visually-hidden">{t('pagination.first')}</span>
        </BsPagination.Item>
        <BsPagination.Item disabled={page <= 1} onClick={() => onChange(page - 1)}>
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">{t('pagination.previous')}</span>
        </BsPagination.Item>
        {pages.map((p) => (
          <BsPagination.Item
            key={p}
            active={p === page}
            onClick={() => onChange(p)}
            aria-label={t('pagination.page', { page: p })}
            aria-current={p === page ? 'page' : undefined}
            // aria-current already says it: no hidden English '(current)' after the number
            activeLabel=""
          >
            {p}
          </BsPagination.Item>
        ))}
        <BsPagination.Item disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">{t('pagination.next')}</span>
        </BsPagination.Item>
        <BsPagination.Item disabled={page >= pageCount} onClick={() => onChange(pageCount)}>
          <span aria-hidden="true">»</span>
          <span className="visually-hidden">{t('pagination.last')}</span>
        </BsPagination.Item>
      </BsPagination>
    </nav>
  );
}
