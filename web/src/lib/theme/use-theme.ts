import { useEffect, useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime-config';
import { useSession } from '../auth/hooks';
import { applyTheme, resolveTheme, type Theme } from './index';
import { endpointQuery } from '@/lib/endpoint-query';

export const themeQueries = {
  /** the site configuration query retries once (portal.md section 9) */
  siteConfiguration: (contractId: number) =>
    queryOptions({
      ...endpointQuery(contractId, 'getSiteConfiguration', { params: { contractId } }),
      retry: 1,
      staleTime: Infinity,
    }),
  portalConfiguration: (contractId: number | null, siteCode: string) =>
    queryOptions({
      ...endpointQuery(contractId, 'portalConfiguration', { params: { siteCode } }),
      retry: 1,
      staleTime: Infinity,
    }),
};

/** Resolves and applies the current contract's theme; switching contract re-themes. */
export function useContractTheme(): Theme {
  const { status, contract, contractId } = useSession();
  const ready = status === 'ready';
  const site = useQuery({
    ...themeQueries.siteConfiguration(contractId ?? 0),
    enabled: ready && contractId !== null,
  });
  const portal = useQuery({
    ...themeQueries.portalConfiguration(contractId, runtimeConfig().siteCode),
    enabled: ready && (contractId === null || site.isError),
  });
  const theme = useMemo(
    () => resolveTheme({ contract, siteConfiguration: site.data ?? null, fallback: portal.data ?? null }),
    [contract, site.data, portal.data],
  );
  useEffect(() => applyTheme(theme), [theme]);
  return theme;
}
