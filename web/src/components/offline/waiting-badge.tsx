import { Link } from 'react-router-dom';
import { paths } from '@portal/contract/routes';
import { useTranslation } from '@/lib/i18n';
import { useWaitingReports } from '@/lib/offline/sync';

/**
 * The reports waiting on the device and the ones the server refused, on every screen of the shell
 * (docs/offline.md): a link to their list, none when nothing waits.
 */
export function WaitingBadge() {
  const { t } = useTranslation();
  const reports = useWaitingReports();
  if (reports.length === 0) return null;
  const refused = reports.filter((report) => report.state === 'refused').length;
  const waiting = reports.length - refused;
  const parts = [
    waiting ? t('offline.badge.waiting', { count: waiting }) : null,
    refused ? t('offline.badge.refused', { count: refused }) : null,
  ].filter((part) => part !== null);
  return (
    <div role="status" className="waiting-badge d-flex justify-content-end mb-2">
      <Link
        to={paths.signals.list}
        className={`badge rounded-pill fs-6 text-decoration-none ${refused ? 'text-bg-danger' : 'text-bg-warning'}`}
        aria-label={t('offline.badge.label', { what: parts.join(', ') })}
      >
        {parts.join(' · ')}
      </Link>
    </div>
  );
}
