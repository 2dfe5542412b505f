/**
 * The saving rules of the service configuration form (portal.md section 4, territorial-admin.md
 * section 4), as pure functions.
 */
import { entryCode } from '@portal/contract/constants';
import type { AppConfiguration, ExternalServiceEntry, OwnerType } from '@portal/contract';
import { isChecked } from '@portal/contract/permissions';

/** Checkbox values count as true for true or '1' (portal.md): the contract's one rule, used by the form and the saving. */
export { isChecked };

/** A configuration being edited: the server's one, or an empty default (id null). */
export type ConfigurationDraft = AppConfiguration;

/**
 * The empty default used when fetching a configuration answers 404: no parameters, and it forces
 * the child configuration.
 */
export function emptyConfiguration(name: string, owner: number, ownerType: OwnerType): ConfigurationDraft {
  return {
    id: null,
    name,
    owner,
    ownerType,
    parameters: {},
    forceChildConfiguration: true,
    useParentConfiguration: false,
    parentConfiguration: null,
    displayButtonForceChildConfiguration: false,
  };
}

/** A section is disabled when its owner's toggle is on (force child on a contract, use parent on an organization). */
export function isSectionDisabled(
  config: Pick<ConfigurationDraft, 'ownerType' | 'forceChildConfiguration' | 'useParentConfiguration'>,
): boolean {
  return config.ownerType === 'CONTRACT'
    ? isChecked(config.forceChildConfiguration)
    : isChecked(config.useParentConfiguration);
}

export interface SaveCall {
  method: 'POST' | 'PUT';
  /** the configuration id for an update */
  id: number | null;
  body: Omit<ConfigurationDraft, 'id'>;
}

/**
 * Which calls save the configurations:
 * - a configuration for a service that is not selected is dropped;
 * - on a contract, one forcing the child configuration is not saved;
 * - on an organization, one using the parent configuration gets the parent's id from the contract
 *   configuration of the same name, or an empty value (null);
 * - an existing configuration (with an id) is updated by id, the others are created.
 * `owner` replaces the draft's owner (a new organization gets its id only once created).
 */
export function configurationsToSave(input: {
  configurations: readonly ConfigurationDraft[];
  selectedServiceCodes: readonly string[];
  contractConfigurations?: readonly Pick<AppConfiguration, 'id' | 'name'>[];
  owner?: number;
}): SaveCall[] {
  const selected = new Set(input.selectedServiceCodes);
  const calls: SaveCall[] = [];
  for (const config of input.configurations) {
    if (!selected.has(config.name)) continue;
    if (config.ownerType === 'CONTRACT' && isChecked(config.forceChildConfiguration)) continue;
    const { id, ...rest } = config;
    const body: Omit<ConfigurationDraft, 'id'> = {
      ...rest,
      owner: input.owner ?? config.owner,
      forceChildConfiguration: isChecked(config.forceChildConfiguration),
      useParentConfiguration: isChecked(config.useParentConfiguration),
    };
    if (config.ownerType === 'ORGANIZATION') {
      body.forceChildConfiguration = false;
      body.parentConfiguration = body.useParentConfiguration
        ? (input.contractConfigurations?.find((c) => c.name === config.name)?.id ?? null)
        : null;
    }
    if (
      config.name === 'EXTERNAL_SERVICES' &&
      Array.isArray(body.parameters.services) &&
      config.ownerType === 'CONTRACT'
    ) {
      body.parameters = {
        ...body.parameters,
        services: keptExternalEntries(body.parameters.services as ExternalServiceEntry[]),
      };
    }
    calls.push(id !== null ? { method: 'PUT', id, body } : { method: 'POST', id: null, body });
  }
  return calls;
}

/** External service entries are kept only when label, url and categories are filled; each gets its code. */
export function keptExternalEntries(entries: readonly ExternalServiceEntry[]): ExternalServiceEntry[] {
  return entries
    .filter((e) => e.label.trim() !== '' && e.url.trim() !== '' && e.categories.trim() !== '')
    .map((e) => ({ ...e, code: entryCode(e.label), isPortal: isChecked(e.isPortal) }));
}
