import type { ReactNode } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '@/lib/api-client';
import { PageTitle } from './page-title';
import { Spinner } from './spinner';

interface Loaded {
  label?: string;
  name?: string;
  title?: string;
}

/**
 * The titled placeholder of a screen that a later issue fills. With `load`, it already loads the
 * screen's main record through the api client (so the route's data loading and its error redirect
 * are real) and names it.
 */
export function PagePlaceholder({
  titleKey,
  load,
  children,
}: {
  titleKey: string;
  load?: { queryKey: QueryKey; url: string; params?: Record<string, unknown> };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const url = load?.url;
  const params = load?.params;
  const query = useQuery({
    queryKey: [...(load?.queryKey ?? ['placeholder', titleKey]), url, params],
    queryFn: async ({ signal }) =>
      url ? (await request<Loaded | Loaded[]>({ url, params, signal })).data : null,
    enabled: !!url,
  });
  const data = query.data;
  const record = Array.isArray(data) ? null : data;
  const name = record ? (record.label ?? record.name ?? record.title) : null;
  return (
    <section className="page-placeholder">
      <PageTitle>{t(titleKey)}</PageTitle>
      {load && query.isPending ? <Spinner /> : null}
      {name ? <p className="lead">{name}</p> : null}
      {Array.isArray(data) ? <p>{t('common.count', { count: data.length })}</p> : null}
      <p className="text-body-secondary">{t('common.coming_soon')}</p>
      {children}
    </section>
  );
}
