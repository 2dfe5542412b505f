import { Fragment } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { IndustrialSite } from '@portal/contract';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDate } from '@/lib/i18n';

type Contact = IndustrialSite['contacts'][number];

/** The site's identity, organizations, metadata and contacts. */
export function SiteDetails({ site }: { site: IndustrialSite }) {
  const { t } = useTranslation();
  const columns: Column<Contact>[] = [
    { key: 'name', header: t('my_site.contact.name'), render: (c) => `${c.firstName} ${c.lastName}` },
    { key: 'role', header: t('my_site.contact.role'), render: (c) => c.role || '-' },
    {
      key: 'email',
      header: t('my_site.contact.email'),
      render: (c) => (c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : '-'),
    },
    {
      key: 'phone',
      header: t('my_site.contact.phone'),
      render: (c) => (c.phone ? <a href={`tel:${c.phone.replace(/\s+/g, '')}`}>{c.phone}</a> : '-'),
    },
  ];
  return (
    <div className="row g-4">
      <div className="col-12 col-lg-5">
        <h3 className="h6">{t('my_site.identity')}</h3>
        <dl className="row mb-0">
          <dt className="col-sm-5">{t('my_site.field.name')}</dt>
          <dd className="col-sm-7">{site.name}</dd>
          <dt className="col-sm-5">{t('my_site.field.type')}</dt>
          <dd className="col-sm-7">{site.industrialSiteType.label}</dd>
          <dt className="col-sm-5">{t('my_site.field.organizations')}</dt>
          <dd className="col-sm-7">
            {site.organizations.length ? site.organizations.map((o) => o.label).join(', ') : '-'}
          </dd>
          <dt className="col-sm-5">{t('my_site.field.end_date_contract')}</dt>
          <dd className="col-sm-7">{formatDate(site.endDateContract)}</dd>
        </dl>
        <h3 className="h6 mt-3">{t('my_site.metadata')}</h3>
        {site.metadata.length ? (
          <dl className="row mb-0">
            {site.metadata.map((m) => (
              <Fragment key={m.metadataId}>
                <dt className="col-sm-5">{m.key}</dt>
                <dd className="col-sm-7">{m.value || '-'}</dd>
              </Fragment>
            ))}
          </dl>
        ) : (
          <p className="text-body-secondary">{t('common.no_information')}</p>
        )}
      </div>
      <div className="col-12 col-lg-7">
        <h3 className="h6">{t('my_site.contacts')}</h3>
        <DataTable
          columns={columns}
          rows={site.contacts}
          rowKey={(c) => c.contactId}
          caption={t('my_site.contacts')}
        />
      </div>
    </div>
  );
}
