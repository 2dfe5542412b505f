import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Spinner } from '@/components/ui/spinner';
import { signalQueries } from '../api/signals';

/** One photo of a signal, loaded with the bearer token. */
export function SignalPhoto({
  contractId,
  photoId,
  fileName,
}: {
  contractId: number;
  photoId: number;
  fileName: string;
}) {
  const { t } = useTranslation();
  const query = useQuery(signalQueries.photo(contractId, photoId));
  const url = query.data;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (query.isPending) return <Spinner size="sm" />;
  if (!url) return <span className="text-body-secondary">{fileName}</span>;
  return (
    <img
      src={url}
      alt={t('signals.photo_alt', { name: fileName })}
      className="img-thumbnail"
      style={{ maxHeight: 160 }}
    />
  );
}
