/**
 * Reading the user's portal configurations (portal.md section 4: portal_configuration,
 * displayed_widgets, widgets_grid_layout), without any call: the api's reads and saves are in
 * user-configuration.ts, and the boot script uses these (through current-contract.ts) before the
 * app's code has come.
 */
import type { UserConfiguration } from '@portal/contract';

/** The configuration of a code in the portal's list of the user's configurations, or null. */
export function configurationOf(list: readonly UserConfiguration[], code: string): UserConfiguration | null {
  return list.find((configuration) => configuration.code === code) ?? null;
}

/** The data of a configuration as an object; empty when it is missing, deleted or not an object. */
export function parseConfigurationData(configuration: UserConfiguration | null): Record<string, unknown> {
  if (!configuration || configuration.deleted) return {};
  try {
    const parsed: unknown = JSON.parse(configuration.data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
