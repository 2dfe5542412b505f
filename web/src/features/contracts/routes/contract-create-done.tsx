import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { buildPath, paths } from '@portal/contract/routes';
import { PageTitle } from '@/components/ui/page-title';

/** /admin/contrat/creation/validation: the creation success screen. */
export function Component() {
  const { t } = useTranslation();
  const created = (useLocation().state ?? null) as { id?: number; label?: string } | null;
  return (
    <section className="contract-create-done text-center py-4">
      <PageTitle>{t('screens.contract_create_done')}</PageTitle>
      <p role="status" className="lead">
        {created?.label
          ? t('contracts.done.message_named', { label: created.label })
          : t('contracts.done.message')}
      </p>
      <div className="d-flex gap-2 justify-content-center">
        {created?.id ? (
          <Link className="btn btn-primary" to={buildPath(paths.admin.contract, { contractId: created.id })}>
            {t('contracts.done.open')}
          </Link>
        ) : null}
        <Link className="btn btn-outline-primary" to={paths.admin.contracts}>
          {t('contracts.done.back')}
        </Link>
        <Link className="btn btn-outline-secondary" to={paths.admin.createContract}>
          {t('contracts.done.again')}
        </Link>
      </div>
    </section>
  );
}
