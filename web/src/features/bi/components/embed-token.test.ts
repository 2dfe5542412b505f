import { describe, expect, it } from 'vitest';
import { MIN_REFRESH_MS, REFRESH_AHEAD_MS, isPowerBiEmbedUrl, refreshDelay } from './embed-token';

describe('the Power BI token refresh', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');

  it('asks for a new token five minutes before the one in use ends', () => {
    expect(refreshDelay('2026-11-24T11:00:00Z', now)).toBe(60 * 60_000 - REFRESH_AHEAD_MS);
  });

  it('never sooner than ten seconds, even for a token about to end or ended', () => {
    expect(refreshDelay('2026-11-24T10:04:00Z', now)).toBe(MIN_REFRESH_MS);
    expect(refreshDelay('2026-11-24T09:00:00Z', now)).toBe(MIN_REFRESH_MS);
    expect(refreshDelay('not a date', now)).toBe(MIN_REFRESH_MS);
  });
});

describe('which reports the Microsoft client embeds', () => {
  it('a report of Power BI or Fabric, over https', () => {
    expect(isPowerBiEmbedUrl('https://app.powerbi.com/reportEmbed?reportId=1')).toBe(true);
    expect(isPowerBiEmbedUrl('https://app.fabric.microsoft.com/reportEmbed')).toBe(true);
  });

  it("not the mock's stand-in, another host, or plain http", () => {
    expect(isPowerBiEmbedUrl('http://localhost:3001/stand-in/powerbi/r1')).toBe(false);
    expect(isPowerBiEmbedUrl('https://powerbi.com.evil.example/report')).toBe(false);
    expect(isPowerBiEmbedUrl('http://app.powerbi.com/reportEmbed')).toBe(false);
    expect(isPowerBiEmbedUrl('not a url')).toBe(false);
  });
});
