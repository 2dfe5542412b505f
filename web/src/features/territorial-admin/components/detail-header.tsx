import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';

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
      <Link to={backTo} className="btn btn-link px-0 mb-2">
        ← {t('common.back')}
      </Link>
      {title === undefined ? <Spinner /> : <PageTitle>{title}</PageTitle>}
      {children}
    </>
  );
}
