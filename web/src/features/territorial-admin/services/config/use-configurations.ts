/** Loads the drafts the service configuration form starts from, and saves them. */
import { useRef } from 'react';
import { useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { toastFailure } from '@/lib/error-message';
import type { AppConfiguration, OwnerType } from '@portal/contract';
import { invalidateEndpoints } from '@/lib/endpoint-query';
import { TERRITORY_CHANGES } from '@/lib/territory-changes';
import { appConfigurationQueries, saveAppConfiguration } from '../configurations-api';
import { formKind } from './form-values';
import { configurationsToSave, emptyConfiguration, type ConfigurationDraft } from './saving';

/** The codes of the services that have a form. */
const withForm = (codes: readonly string[], ownerType: OwnerType) =>
  codes.filter((code) => formKind(code, ownerType) !== null);

/** Fills the parameters a form needs to show (an empty external services list gets one blank entry, etc.). */
function prepareDraft(draft: ConfigurationDraft, ownerType: OwnerType): ConfigurationDraft {
  const kind = formKind(draft.name, ownerType);
  const parameters = { ...draft.parameters };
  if (kind === 'externalServices' && !Array.isArray(parameters.services)) parameters.services = [];
  if (kind === 'externalServicesSelection' && !Array.isArray(parameters.services)) parameters.services = [];
  if (kind === 'signalNotify' && !Array.isArray(parameters.requestTypes)) parameters.requestTypes = [];
  return { ...draft, parameters };
}

/**
 * The drafts for the services shown: fetched when the owner exists (a 404 gives the empty default
 * forcing the child configuration), empty for an owner still to be created.
 */
export function useConfigurationDrafts(input: {
  contractId: number;
  ownerType: OwnerType;
  ownerId: number | null;
  codes: readonly string[];
}): {
  drafts: ConfigurationDraft[] | undefined;
  parents: AppConfiguration[] | undefined;
  isError: boolean;
  /** asks again the reads that failed */
  retry: () => Promise<unknown>;
} {
  const { contractId, ownerType, ownerId } = input;
  const codes = withForm(input.codes, ownerType);
  const results = useQueries({
    queries:
      ownerId === null
        ? []
        : codes.map((code) => appConfigurationQueries.one(contractId, code, ownerType, ownerId)),
  });
  const parents = useQuery({
    ...appConfigurationQueries.ofOwner(contractId, 'CONTRACT', contractId),
    enabled: ownerType === 'ORGANIZATION',
  });
  const isError = results.some((r) => r.isError) || parents.isError;
  const ready =
    results.every((r) => r.data !== undefined) && (ownerType === 'CONTRACT' || parents.data !== undefined);
  const drafts = !ready
    ? undefined
    : codes.map((code, index) => {
        const fetched = ownerId === null ? undefined : results[index]?.data;
        const base = fetched ?? {
          ...emptyConfiguration(code, ownerId ?? 0, ownerType),
          forceChildConfiguration: ownerType === 'CONTRACT',
        };
        return prepareDraft(base, ownerType);
      });
  const retry = () => {
    const failed: Promise<unknown>[] = results.filter((r) => r.isError).map((r) => r.refetch());
    if (parents.isError) failed.push(parents.refetch());
    return Promise.all(failed);
  };
  return { drafts, parents: ownerType === 'ORGANIZATION' ? parents.data : [], isError, retry };
}

/** Saves the configurations by the saving rules, one call after the other; then refreshes the cached ones. */
export async function saveConfigurations(
  queryClient: QueryClient,
  input: {
    contractId: number;
    configurations: readonly ConfigurationDraft[];
    selectedServiceCodes: readonly string[];
    contractConfigurations?: readonly AppConfiguration[];
    owner?: number;
  },
): Promise<AppConfiguration[]> {
  const saved: AppConfiguration[] = [];
  for (const call of configurationsToSave(input)) saved.push(await saveAppConfiguration(call));
  await invalidateEndpoints(queryClient, input.contractId, TERRITORY_CHANGES.configuration);
  return saved;
}

/**
 * The configurations a dialog has saved so far, by name: a later save updates them by id instead
 * of creating them again. `saveSignal` saves the signal notification's request types as they
 * change (territorial-admin.md section 4), a failure said in a toast.
 */
export function useSavedConfigurations(contractId: number, owner?: number) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const ids = useRef<Record<string, number>>({});
  const save = async (
    configurations: readonly ConfigurationDraft[],
    selectedServiceCodes: readonly string[],
    contractConfigurations?: readonly AppConfiguration[],
  ) => {
    const saved = await saveConfigurations(queryClient, {
      contractId,
      configurations: configurations.map((draft) => ({
        ...draft,
        id: draft.id ?? ids.current[draft.name] ?? null,
      })),
      selectedServiceCodes,
      ...(contractConfigurations ? { contractConfigurations } : {}),
      ...(owner !== undefined ? { owner } : {}),
    });
    for (const config of saved) if (config.id !== null) ids.current[config.name] = config.id;
    return saved;
  };
  // one save after the other: a second change made while the first is on its way updates the
  // configuration the first created, instead of creating another
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const saveSignal = (draft: ConfigurationDraft, parents?: readonly AppConfiguration[]) => {
    queue.current = queue.current
      .then(() => save([draft], [draft.name], parents))
      .catch((error: unknown) => toastFailure(error, t('failure.save_failed')));
  };
  return {
    save,
    saveSignal,
    clear: () => {
      ids.current = {};
      queue.current = Promise.resolve();
    },
  };
}
