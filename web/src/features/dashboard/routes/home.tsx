import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { widgetGranted } from '@portal/contract/permissions';
import { widgetQueries } from '@/components/layout/widget-queries';
import { AlertMessage, LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth/hooks';
import { toast } from '@/lib/toast';
import { useReadyInSlices } from '@/lib/use-ready-in-slices';
import { gridLayoutQueries, saveGridLayouts } from '../api/grid-layout';
import { DashboardTabs } from '../components/dashboard-tabs';
import { isKnownWidget } from '../components/widget-ids';

// the grid, its widgets and their charts load only for a user who has widgets to see: a home page
// without any (an administrator whose roles grant none) is drawn without them
const loadGrid = () => import('../components/dashboard-grid');
const DashboardGrid = lazy(() => loadGrid().then((m) => ({ default: m.DashboardGrid })));

/** /: the home dashboard of widgets the user's roles allow for the current contract and has not switched off. */
export function Component() {
  const { t } = useTranslation();
  const { user, contractId, contract } = useSession();
  const [saveFailed, setSaveFailed] = useState(false);
  const catalogue = useQuery(widgetQueries.catalogue(contractId));
  const displayed = useQuery(widgetQueries.displayed(contractId));
  const layouts = useQuery({ ...gridLayoutQueries.layouts(contractId ?? 0), enabled: contractId !== null });
  const queryClient = useQueryClient();
  /** Back to the catalogue's default places and sizes (the saved layout emptied). */
  const resetLayout = () => {
    if (contractId === null) return;
    saveGridLayouts(queryClient, contractId, {})
      .then(() => toast.success(t('dashboard.layout.reset_done')))
      .catch(() => setSaveFailed(true));
  };

  const widgets = useMemo(
    () =>
      (catalogue.data ?? []).filter(
        (w) => isKnownWidget(w) && widgetGranted(user, w, contractId) && displayed.data?.[w.id] !== false,
      ),
    [catalogue.data, displayed.data, user, contractId],
  );
  const hasWidgets = widgets.length > 0;
  // asked as soon as the catalogue says there is something to draw, while the preferences arrive
  useEffect(() => {
    if (hasWidgets) void loadGrid().catch(() => undefined);
  }, [hasWidgets]);
  // the preferences and the layout are optional: when they fail, every widget shows in its default place
  // twelve widgets are the page's largest render: in slices, the spinner showing until it is done
  const ready = useReadyInSlices(catalogue.isSuccess && !displayed.isPending && !layouts.isPending);

  return (
    <section className="dashboard">
      <PageTitle>{t('screens.home')}</PageTitle>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <DashboardTabs />
        {ready && hasWidgets ? (
          <button type="button" className="btn btn-sm btn-outline-primary ms-auto" onClick={resetLayout}>
            {t('dashboard.layout.reset')}
          </button>
        ) : null}
      </div>
      {saveFailed ? (
        <AlertMessage variant="danger" messageKey="alert.saving_error" onClose={() => setSaveFailed(false)} />
      ) : null}
      {catalogue.isError ? <LoadingErrorAlert /> : null}
      {!ready && !catalogue.isError ? <Spinner /> : null}
      {ready && contractId !== null && !hasWidgets ? <p>{t('dashboard.no_widget')}</p> : null}
      {ready && contractId !== null && hasWidgets ? (
        <Suspense fallback={<Spinner />}>
          <DashboardGrid
            widgets={widgets}
            saved={layouts.data ?? {}}
            contractId={contractId}
            contract={contract}
            onSaveError={() => setSaveFailed(true)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
