/**
 * The contract a session starts in (portal.md section 4): the one saved in the user's
 * portal_configuration when it is among the user's contracts, else the first of them (which is
 * then saved). Read by authenticate() and, before the app loads, by the boot script, which asks
 * the chosen contract's details early (early-session.ts): this module stays free of the app.
 */
import type { UserConfiguration } from '@portal/contract';
import { USER_CONFIG } from '@portal/contract/constants';
import { parseConfigurationData } from './configuration-data';

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
