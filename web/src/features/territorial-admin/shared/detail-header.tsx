import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { BackLink } from '@/components/ui/back-link';

/** A detail screen's head: a back link to the list it came from, then its title. */
export function DetailHeader({
  backTo,
  title,
  children,
}: {
  backTo: string;
  title: string | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <BackLink to={backTo}>← {t('common.back')}</BackLink>
      {title === undefined ? <Spinner /> : <PageTitle>{title}</PageTitle>}
      {children}
    </>
  );
}
