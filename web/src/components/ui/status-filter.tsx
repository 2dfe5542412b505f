import Form from 'react-bootstrap/Form';
import { type TranslationKey, useTranslation } from '@/lib/i18n';
import { REQUEST_STATUSES, SIGNAL_STATUSES, WORK_STATUSES } from '@portal/contract/statuses';

/** The lists with a status filter, each with the contract's enum of its statuses and its texts' namespace. */
const STATUS_LISTS = {
  signal: { statuses: SIGNAL_STATUSES, ns: 'signals' },
  request: { statuses: REQUEST_STATUSES, ns: 'requests' },
  work: { statuses: WORK_STATUSES, ns: 'works' },
} as const;
export type StatusListKind = keyof typeof STATUS_LISTS;
export type StatusOf<K extends StatusListKind> = (typeof STATUS_LISTS)[K]['statuses'][number];

/** A status read from the address: one of the contract's statuses of that list, or null (every status). */
export function parseStatus<K extends StatusListKind>(kind: K, raw: string | null): StatusOf<K> | null {
  const statuses: readonly string[] = STATUS_LISTS[kind].statuses;
  return raw !== null && statuses.includes(raw) ? (raw as StatusOf<K>) : null;
}

/**
 * The status filter of the signal, request and work lists: 'every status' and the contract's
 * statuses of that list, each in the user's language (`<ns>.status.<STATUS>`).
 */
export function StatusFilter<K extends StatusListKind>({
  kind,
  value,
  onChange,
}: {
  kind: K;
  value: StatusOf<K> | null;
  onChange: (status: StatusOf<K> | null) => void;
}) {
  const { t } = useTranslation();
  const { statuses, ns } = STATUS_LISTS[kind];
  return (
    <Form.Group controlId={`${kind}-status-filter`}>
      <Form.Label>{t(`${ns}.filter_status`)}</Form.Label>
      <Form.Select value={value ?? ''} onChange={(e) => onChange(parseStatus(kind, e.target.value))}>
        <option value="">{t(`${ns}.all_statuses`)}</option>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {/* each list's statuses go with its own namespace (STATUS_LISTS), which TypeScript does not pair */}
            {t(`${ns}.status.${s}` as TranslationKey)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
