/** The user's dashboard layout, saved per user as the widgets_grid_layout configuration. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { USER_CONFIG } from '@portal/contract/constants';
import { parseConfigurationData } from '@/lib/auth/configuration-data';
import {
  getUserConfiguration,
  saveUserConfiguration,
  USER_CONFIGURATION_READS,
} from '@/lib/auth/user-configuration';
import { cancelRead, derivedQuery, invalidateEndpoints } from '@/lib/endpoint-query';

export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
/** breakpoint (lg, md, xs) -> the items placed at that breakpoint */
export type GridLayouts = Record<string, GridItem[]>;

const isInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Keeps only well-formed items: a saved layout from elsewhere never breaks the grid. */
function parseGridLayouts(data: Record<string, unknown>): GridLayouts {
  const out: GridLayouts = {};
  for (const [breakpoint, items] of Object.entries(data)) {
    if (!Array.isArray(items)) continue;
    out[breakpoint] = items
      .filter((item): item is GridItem => {
        const o = item as Partial<GridItem> | null;
        return (
          !!o &&
          typeof o.i === 'string' &&
          isInt(o.x) &&
          isInt(o.y) &&
          isInt(o.w) &&
          isInt(o.h) &&
          o.w > 0 &&
          o.h > 0
        );
      })
      .map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
  }
  return out;
}

export const gridLayoutQueries = {
  layouts: (contractId: number) =>
    queryOptions({
      ...derivedQuery(contractId, 'widgets-grid-layout', USER_CONFIGURATION_READS, null, async () =>
        parseGridLayouts(parseConfigurationData(await getUserConfiguration(USER_CONFIG.widgetsGridLayout))),
      ),
      staleTime: Infinity,
    }),
};

/**
 * Shows the layouts at once and saves them. The cached copy is the truth while saves succeed: a
 * read started before a later save could bring an older layout back, so the copy is read again only
 * when a save fails.
 */
export async function saveGridLayouts(
  queryClient: QueryClient,
  contractId: number,
  layouts: GridLayouts,
): Promise<void> {
  const layoutsRead = gridLayoutQueries.layouts(contractId);
  await cancelRead(queryClient, layoutsRead);
  queryClient.setQueryData(layoutsRead.queryKey, layouts);
  try {
    await saveUserConfiguration(USER_CONFIG.widgetsGridLayout, layouts, { errors: 'local' });
  } catch (error) {
    await invalidateEndpoints(queryClient, contractId, USER_CONFIGURATION_READS);
    throw error;
  }
}
