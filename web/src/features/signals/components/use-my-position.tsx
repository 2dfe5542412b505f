/**
 * "Utiliser ma position": the device's position through `navigator.geolocation` (the GPS needs no
 * network), with its accuracy; past ACCURACY_WARNING_M the agent is told to check the point.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { formatNumber, useTranslation } from '@/lib/i18n';
import type { LatLng } from './location-picker';

/** Past this radius (metres), the position is said to be imprecise. */
const ACCURACY_WARNING_M = 50;
const POSITION_TIMEOUT_MS = 20_000;

type PositionState =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'found'; accuracy: number }
  | { kind: 'failed'; reason: 'denied' | 'unavailable' | 'timeout' | 'unsupported' };

function reasonOf(error: GeolocationPositionError): 'denied' | 'unavailable' | 'timeout' {
  if (error.code === error.PERMISSION_DENIED) return 'denied';
  return error.code === error.TIMEOUT ? 'timeout' : 'unavailable';
}

export function MyPositionButton({ onPosition }: { onPosition: (point: LatLng) => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PositionState>({ kind: 'idle' });
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setState({ kind: 'failed', reason: 'unsupported' });
      return;
    }
    setState({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        onPosition({ lat: Number(coords.latitude.toFixed(6)), lng: Number(coords.longitude.toFixed(6)) });
        setState({ kind: 'found', accuracy: Math.round(coords.accuracy) });
      },
      (error) => setState({ kind: 'failed', reason: reasonOf(error) }),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 0 },
    );
  };
  return (
    <div className="mb-2">
      <Button size="sm" variant="outline-primary" onClick={locate} disabled={state.kind === 'locating'}>
        {state.kind === 'locating' ? t('signals.position.locating') : t('signals.position.use')}
      </Button>
      <div aria-live="polite" className="small mt-1">
        {state.kind === 'found' ? (
          state.accuracy > ACCURACY_WARNING_M ? (
            <span className="text-warning-emphasis">
              {t('signals.position.imprecise', { accuracy: formatNumber(state.accuracy) })}
            </span>
          ) : (
            <span>{t('signals.position.accuracy', { accuracy: formatNumber(state.accuracy) })}</span>
          )
        ) : null}
        {state.kind === 'failed' ? (
          <span className="text-danger">{t(`signals.position.failed.${state.reason}`)}</span>
        ) : null}
      </div>
    </div>
  );
}
