/**
 * User configurations (per portal code): read (with showDeleted), then create, or merge and update
 * (with editDeleted=true), as portal.md section 4 says.
 */
import type { UserConfiguration } from '@portal/contract';
import { runtimeConfig } from '@/config/runtime-config';
import { call } from '../api-client';

/**
 * The configuration of a code, or null when none exists yet. Read from the portal's list (deleted
 * ones included): a code never saved is simply absent there, where reading it by code answers 404,
 * which the browser reports as a failed load in the console of every first visit.
 */
export async function getUserConfiguration(
  code: string,
  portalCode = runtimeConfig().siteCode,
  signal?: AbortSignal,
): Promise<UserConfiguration | null> {
  const { data } = await call(
    'listUserConfigurations',
    { params: { portalCode }, query: { showDeleted: true }, signal },
    { errors: 'local' },
  );
  return data.find((configuration) => configuration.code === code) ?? null;
}

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

/** Saves a configuration: read it (deleted ones included); create when empty; else (merge and) update. */
export async function saveUserConfiguration(
  code: string,
  data: Record<string, unknown>,
  options: { merge?: boolean; portalCode?: string; errors?: 'global' | 'local' } = {},
): Promise<UserConfiguration> {
  const portalCode = options.portalCode ?? runtimeConfig().siteCode;
  const existing = await getUserConfiguration(code, portalCode);
  if (!existing) {
    const { data: created } = await call(
      'createUserConfiguration',
      { params: { portalCode }, body: { portal: portalCode, code, data: JSON.stringify(data) } },
      { errors: options.errors ?? 'global' },
    );
    return created;
  }
  const next = options.merge ? { ...parseConfigurationData(existing), ...data } : data;
  const { data: updated } = await call(
    'updateUserConfiguration',
    {
      params: { portalCode, code },
      query: { editDeleted: true },
      body: { portal: portalCode, code, data: JSON.stringify(next) },
    },
    { errors: options.errors ?? 'global' },
  );
  return updated;
}
