/**
 * What the chosen photos' EXIF says (lib/photo-exif.ts): beside each photo, when it was taken and
 * where. The report has no field for the time (spec: a signal is category, description, address,
 * location): it is shown here and kept with the report on the device only (docs/decisions.md). The
 * position of the first photo that has one becomes the report's location when it has none yet,
 * said to the agent with a way to undo it.
 */
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { UseFormReturn } from 'react-hook-form';
import { formatDate, useTranslation } from '@/lib/i18n';
import { readPhotoExif, type PhotoExif } from '@/lib/photo-exif';

type Point = { lat: number; lng: number };

interface LocationValues {
  location: Point | null;
}

const isPoint = (value: Point | null | undefined): value is Point =>
  !!value && Number.isFinite(value.lat) && Number.isFinite(value.lng);

const coordinate = (n: number) => n.toFixed(5);

export function PhotoExifDetails<T extends LocationValues>({
  files,
  form,
  canFill,
}: {
  files: readonly File[];
  form: UseFormReturn<T, unknown, unknown>;
  /** whether the location may still change (not a report the server may hold already) */
  canFill: boolean;
}) {
  const { t } = useTranslation();
  // narrowed to the field this part writes
  const own = form as unknown as UseFormReturn<LocationValues>;
  const [read, setRead] = useState<{ files: readonly File[]; exifs: PhotoExif[] } | null>(null);
  const [filled, setFilled] = useState<{ name: string; at: Point; before: Point | null } | null>(null);

  // read once per choice of photos; the position is offered then, once (undone, it stays undone)
  useEffect(() => {
    let live = true;
    void Promise.all(files.map(readPhotoExif)).then((exifs) => {
      if (!live) return;
      setRead({ files, exifs });
      const index = exifs.findIndex((exif) => exif.position);
      const at = exifs[index]?.position;
      const current = own.getValues('location');
      if (!canFill || !at || isPoint(current)) return;
      own.setValue('location', at, { shouldDirty: true, shouldValidate: true });
      setFilled({ name: files[index]?.name ?? '', at, before: current });
    });
    return () => {
      live = false;
    };
  }, [files, canFill, own]);

  const exifs = read?.files === files ? read.exifs : undefined;
  const told = exifs?.some((exif) => exif?.takenAt || exif?.position);
  if (!told && !filled) return null;
  return (
    <div className="mb-3">
      {filled ? (
        <div role="status" className="alert alert-info d-flex flex-wrap gap-2 align-items-center">
          <span className="flex-grow-1">
            {t('signals.photo_exif.filled', {
              name: filled.name,
              lat: coordinate(filled.at.lat),
              lng: coordinate(filled.at.lng),
            })}
          </span>
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => {
              own.setValue('location', filled.before, { shouldDirty: true, shouldValidate: false });
              setFilled(null);
            }}
          >
            {t('signals.photo_exif.undo')}
          </Button>
        </div>
      ) : null}
      {told ? (
        <ul className="list-unstyled small mb-0" aria-label={t('signals.photo_exif.list')}>
          {files.map((file, i) => {
            const exif = exifs?.[i];
            if (!exif?.takenAt && !exif?.position) return null;
            return (
              <li key={`${file.name}-${i}`}>
                <strong>{file.name}</strong>
                {exif.takenAt
                  ? ` — ${t('signals.photo_exif.taken_at', {
                      date: formatDate(exif.takenAt, {
                        day: '2-digit',
                        month: '2-digit',
                        year: 'numeric',
                        hour: '2-digit',
                        minute: '2-digit',
                      }),
                    })}`
                  : null}
                {exif.position
                  ? ` — ${t('signals.photo_exif.position', {
                      lat: coordinate(exif.position.lat),
                      lng: coordinate(exif.position.lng),
                    })}`
                  : null}
              </li>
            );
          })}
          <li className="text-body-secondary">{t('signals.photo_exif.kept_here')}</li>
        </ul>
      ) : null}
    </div>
  );
}
