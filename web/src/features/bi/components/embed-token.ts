/**
 * When to ask for a new Power BI access token: a few minutes before the one in use ends (Microsoft
 * advises refreshing ahead of the expiry), never in a tight loop, and at once when it has ended.
 */
export const REFRESH_AHEAD_MS = 5 * 60_000;
export const MIN_REFRESH_MS = 10_000;

export function refreshDelay(expiresAt: string, now: number = Date.now()): number {
  const end = Date.parse(expiresAt);
  if (!Number.isFinite(end)) return MIN_REFRESH_MS;
  return Math.max(end - now - REFRESH_AHEAD_MS, MIN_REFRESH_MS);
}

/**
 * The hosts Microsoft's client embeds (it refuses any other): a real report's address. The mock's
 * stand-in report is served from elsewhere and shows in a plain frame.
 */
const POWER_BI_HOST =
  /(^|\.)(powerbi\.com|fabric\.microsoft\.com|analysis\.windows-int\.net|analysis-df\.windows\.net)$/i;

export function isPowerBiEmbedUrl(embedUrl: string): boolean {
  try {
    const url = new URL(embedUrl);
    return url.protocol === 'https:' && POWER_BI_HOST.test(url.hostname);
  } catch {
    return false;
  }
}
