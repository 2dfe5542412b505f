/**
 * The contract a session starts in (portal.md section 4): the one saved in the user's
 * portal_configuration when it is among the user's contracts, else the first of them (which is
 * then saved). Read by authenticate() and, before the app loads, by the boot script, which asks
 * the chosen contract's details early (early-session.ts): this module stays free of the app.
 */
import type { UserConfiguration } from '@portal/contract';
import { USER_CONFIG } from '@portal/contract/constants';

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

/** The current contract, and whether it must be saved (the saved one is not among the contracts). */
export function chooseContract(
  portalConfiguration: UserConfiguration | null,
  contracts: readonly { id: number }[],
): { contractId: number | null; save: boolean } {
  const saved = Number(parseConfigurationData(portalConfiguration)[USER_CONFIG.currentContractKey]);
  if (contracts.some((c) => c.id === saved)) return { contractId: saved, save: false };
  const first = contracts[0];
  return first ? { contractId: first.id, save: true } : { contractId: null, save: false };
}
