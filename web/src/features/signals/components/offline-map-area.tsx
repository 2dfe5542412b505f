import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatDate, formatNumber, useTranslation } from '@/lib/i18n';
import {
  areaTiles,
  deleteArea,
  downloadArea,
  estimatedBytes,
  keptArea,
  MAX_AREA_TILES,
  type KeptArea,
} from '@/lib/offline/map-area';

const RADII_M = [500, 1000, 2000, 3000] as const;

const megabytes = (bytes: number) => formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 });

type Step =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'downloading'; done: number; total: number }
  | { kind: 'failed'; reason: 'position' | 'download' };

/** The position of the device, for the centre of the area. */
function here(): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('no geolocation'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      reject,
      { enableHighAccuracy: true, timeout: 20_000 },
    );
  });
}

/**
 * "Carte hors ligne" (docs/offline.md): before going out, the agent keeps the map of the area
 * around their position, its size said before (an estimate) and after (the bytes kept), within a
 * limit; the report form's map then shows it without network.
 */
export function OfflineMapArea() {
  const { t } = useTranslation();
  const [radius, setRadius] = useState<number>(1000);
  const [area, setArea] = useState<KeptArea | null>(keptArea);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  // the count does not depend on where the square is, but little on its latitude: Dijon's for the estimate
  const count = areaTiles({ lat: 47.32, lng: 5.04 }, radius).length;
  const tooLarge = count > MAX_AREA_TILES;
  const download = async () => {
    setStep({ kind: 'locating' });
    let centre: { lat: number; lng: number };
    try {
      centre = await here();
    } catch {
      setStep({ kind: 'failed', reason: 'position' });
      return;
    }
    try {
      setStep({ kind: 'downloading', done: 0, total: count });
      const kept = await downloadArea(centre, radius, (done, total) =>
        setStep({ kind: 'downloading', done, total }),
      );
      setArea(kept);
      setStep({ kind: 'idle' });
    } catch {
      setStep({ kind: 'failed', reason: 'download' });
    }
  };
  const busy = step.kind === 'locating' || step.kind === 'downloading';
  return (
    <section className="mb-4" aria-labelledby="offline-map-title">
      <h2 id="offline-map-title" className="h5">
        {t('offline.map_area.title')}
      </h2>
      <p className="small text-body-secondary mb-2">{t('offline.map_area.help')}</p>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-2">
        <Form.Group controlId="offline-map-radius">
          <Form.Label>{t('offline.map_area.radius')}</Form.Label>
          <Form.Select value={radius} onChange={(e) => setRadius(Number(e.target.value))} disabled={busy}>
            {RADII_M.map((r) => (
              <option key={r} value={r}>
                {t('offline.map_area.radius_option', { km: formatNumber(r / 1000) })}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button onClick={() => void download()} disabled={busy || tooLarge}>
          {t('offline.map_area.download')}
        </Button>
      </div>
      <p className="small mb-2">
        {tooLarge
          ? t('offline.map_area.too_large', { count, max: MAX_AREA_TILES })
          : t('offline.map_area.estimate', { count, size: megabytes(estimatedBytes(count)) })}
      </p>
      <div aria-live="polite" className="small">
        {step.kind === 'locating' ? t('signals.position.locating') : null}
        {step.kind === 'downloading'
          ? t('offline.map_area.progress', { done: step.done, total: step.total })
          : null}
        {step.kind === 'failed' ? (
          <span className="text-danger">{t(`offline.map_area.failed_${step.reason}`)}</span>
        ) : null}
      </div>
      {area ? (
        <div role="status" className="d-flex flex-wrap gap-2 align-items-center">
          <span className="flex-grow-1">
            {t('offline.map_area.kept', {
              count: area.tiles,
              size: megabytes(area.bytes),
              date: formatDate(new Date(area.savedAt)),
            })}
          </span>
          <Button
            size="sm"
            variant="outline-danger"
            disabled={busy}
            onClick={() => void deleteArea().then(() => setArea(null))}
          >
            {t('offline.map_area.delete')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
