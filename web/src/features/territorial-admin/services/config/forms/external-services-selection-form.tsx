/** The external services of an organization: a dual list among the services the contract offers. */
import { useController } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import type { AppConfiguration, ExternalServiceEntry } from '@portal/contract';
import { DualList } from '@/components/ui/dual-list';
import { entryCode } from '@portal/contract/constants';

function contractExternalServices(parent: AppConfiguration | undefined): { id: string; label: string }[] {
  const services = parent?.parameters.services;
  if (!Array.isArray(services)) return [];
  return (services as ExternalServiceEntry[])
    .filter((s) => typeof s.label === 'string' && s.label.trim() !== '')
    .map((s) => ({ id: s.code || entryCode(s.label), label: s.label }));
}

export function ExternalServicesSelectionForm({
  prefix,
  parent,
}: {
  prefix: string;
  parent: AppConfiguration | undefined;
}) {
  const { t } = useTranslation();
  const { field } = useController({ name: `${prefix}.parameters.services` as `configs.${string}` });
  const selected = (Array.isArray(field.value) ? field.value : []) as string[];
  return (
    <DualList
      items={contractExternalServices(parent)}
      selected={selected}
      onChange={(ids) => field.onChange(ids.map(String))}
      availableLabel={t('service_config.external.offered')}
      selectedLabel={t('service_config.external.chosen')}
    />
  );
}
