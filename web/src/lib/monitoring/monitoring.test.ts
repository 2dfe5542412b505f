import { describe, expect, it, vi } from 'vitest';
import { hasOptedOut, rumInitOptions, startRum, startTracker } from './adapters';
import { runtimeConfig } from '@/config/runtime-config';

const tracker = { url: 'https://stats.example/', siteId: '12' };

describe('usage tracker', () => {
  it('stays off without configuration', () => {
    const load = vi.fn();
    startTracker(null, { load, win: {}, cookie: '' });
    expect(load).not.toHaveBeenCalled();
  });

  it('loads and tracks page views when configured', () => {
    const load = vi.fn();
    const win: { _paq?: unknown[][] } = {};
    const monitoring = startTracker(tracker, { load, win, cookie: 'other=1' });
    expect(load).toHaveBeenCalledWith('https://stats.example/matomo.js');
    monitoring.trackPageView('/travaux');
    expect(win._paq).toContainEqual(['setSiteId', '12']);
    expect(win._paq).toContainEqual(['setCustomUrl', '/travaux']);
    expect(win._paq?.at(-1)).toEqual(['trackPageView']);
  });

  it('is disabled by the cookie-consent opt-out cookie', () => {
    const load = vi.fn();
    const win: { _paq?: unknown[][] } = {};
    startTracker(tracker, { load, win, cookie: 'a=b; cookieconsent_status=deny' }).trackPageView('/');
    startTracker(tracker, { load, win, cookie: 'mtm_consent_removed=1' }).trackPageView('/');
    expect(load).not.toHaveBeenCalled();
    expect(win._paq).toBeUndefined();
    expect(hasOptedOut('cookieconsent_status=allow')).toBe(false);
  });
});

describe('real-user monitoring', () => {
  const rum = {
    applicationId: 'app',
    clientToken: 'pub',
    site: 'datadoghq.eu',
    service: 'portal',
    env: 'test',
  };
  it('samples all sessions, 20 % of replays, and masks user input', () => {
    expect(rumInitOptions(rum)).toMatchObject({
      sessionSampleRate: 100,
      sessionReplaySampleRate: 20,
      defaultPrivacyLevel: 'mask-user-input',
    });
  });
  it('stays off without configuration and loads its agent only when configured', () => {
    const load = vi.fn();
    expect(startRum(null, { load, win: {} })).toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(startRum(rum, { load, win: {} })).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('starting the monitoring', () => {
  it('passes on the page views seen while its code loads, when the configuration names a tracker', async () => {
    vi.resetModules();
    const { startMonitoring, trackPageView } = await import('./index');
    const win = window as unknown as { _paq?: unknown[][] };
    const appended = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => node);
    try {
      startMonitoring({ ...runtimeConfig(), tracker });
      trackPageView('/signalement');
      await vi.waitFor(() => expect(win._paq).toContainEqual(['setCustomUrl', '/signalement']));
      trackPageView('/travaux');
      expect(win._paq?.slice(-2)).toEqual([['setCustomUrl', '/travaux'], ['trackPageView']]);
      expect(appended).toHaveBeenCalledTimes(1);
    } finally {
      appended.mockRestore();
      delete win._paq;
    }
  });

  it('loads nothing and keeps no page view without configuration', async () => {
    vi.resetModules();
    const { startMonitoring, trackPageView } = await import('./index');
    const appended = vi.spyOn(document.head, 'appendChild');
    try {
      startMonitoring(runtimeConfig());
      trackPageView('/signalement');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(appended).not.toHaveBeenCalled();
      expect((window as unknown as { _paq?: unknown })._paq).toBeUndefined();
    } finally {
      appended.mockRestore();
    }
  });
});
