import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { endpointQuery } from '@/lib/endpoint-query';
import { useSession } from '@/lib/auth/hooks';
import { AlertMessage } from '@/components/ui/alerts';
import { Spinner } from '@/components/ui/spinner';

const skillMenuQuery = (contractId: number | null) =>
  queryOptions({
    ...endpointQuery(contractId, 'userSkillMenu', { query: { contractId: contractId || null } }),
    staleTime: 5 * 60_000,
  });

/** The portals panel: one button per skill; a skill opens its portal blocks and tool buttons, with the perimeter. */
export function PortalsPanel({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const { contractId } = useSession();
  const menu = useQuery({ ...skillMenuQuery(contractId), enabled: show });
  const [selected, setSelected] = useState<number | null>(null);
  const entry = menu.data?.find((e) => e.skill.id === selected) ?? null;
  return (
    <Offcanvas show={show} onHide={onHide} placement="end" aria-labelledby="portals-title">
      <Offcanvas.Header closeButton closeLabel={t('common.close')}>
        <Offcanvas.Title id="portals-title" as="h2" className="h5">
          {entry ? entry.skill.label : t('portals.title')}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="d-flex flex-column">
        {menu.isPending ? <Spinner /> : null}
        {menu.isError ? <AlertMessage variant="warning" messageKey="alert.loading_error" /> : null}
        {menu.data && menu.data.length === 0 ? <p>{t('common.no_information')}</p> : null}
        {!entry && menu.data ? (
          <ul className="list-unstyled d-grid gap-2" aria-label={t('portals.skills')}>
            {menu.data.map((e) => (
              <li key={e.skill.id}>
                <Button
                  variant="outline-primary"
                  className="w-100 text-start"
                  onClick={() => setSelected(e.skill.id)}
                >
                  {e.skill.label}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {entry ? (
          <>
            <Button variant="link" className="align-self-start px-0 mb-2" onClick={() => setSelected(null)}>
              ← {t('portals.back')}
            </Button>
            <h3 className="h6">{t('portals.portals')}</h3>
            {entry.portals.length === 0 ? <p className="small">{t('common.no_information')}</p> : null}
            <div className="portal-blocks d-grid gap-2 mb-3">
              {entry.portals.map((p) => (
                <a
                  key={p.code}
                  className="portal-block"
                  href={p.url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {p.label}
                  <span className="visually-hidden"> ({t('common.new_tab')})</span>
                </a>
              ))}
            </div>
            <h3 className="h6">{t('portals.tools')}</h3>
            {entry.tools.length === 0 ? <p className="small">{t('common.no_information')}</p> : null}
            <div className="d-flex flex-wrap gap-2 mb-3">
              {entry.tools.map((tool) => (
                <a
                  key={tool.code}
                  className="btn btn-sm btn-outline-secondary"
                  href={tool.url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {tool.label}
                  <span className="visually-hidden"> ({t('common.new_tab')})</span>
                </a>
              ))}
            </div>
            <footer className="mt-auto pt-2 border-top small text-body-secondary">
              {t('portals.perimeter', { perimeter: entry.perimeter })}
            </footer>
          </>
        ) : null}
      </Offcanvas.Body>
    </Offcanvas>
  );
}
