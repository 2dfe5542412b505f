/**
 * User configurations (per portal code): read (with showDeleted), then create, or merge and update
 * (with editDeleted=true), as portal.md section 4 says.
 */
import type { UserConfiguration } from '@portal/contract';
import { runtimeConfig } from '@/config/runtime-config';
import { ApiError, request } from '../api-client';

const base = (portalCode: string) => `/api/user/portal/${encodeURIComponent(portalCode)}/configuration`;

/** The configuration of a code, or null when none exists yet. */
export async function getUserConfiguration(
  code: string,
  portalCode = runtimeConfig().siteCode,
  signal?: AbortSignal,
): Promise<UserConfiguration | null> {
  try {
    const { data } = await request<UserConfiguration>(
      { url: `${base(portalCode)}/${encodeURIComponent(code)}`, params: { showDeleted: true }, signal },
      { errors: 'local' },
    );
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function parseConfigurationData(configuration: UserConfiguration | null): Record<string, unknown> {
  if (!configuration || configuration.deleted) return {};
  try {
    const parsed: unknown = JSON.parse(configuration.data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
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
    const { data: created } = await request<UserConfiguration>(
      { method: 'POST', url: base(portalCode), data: { portal: portalCode, code, data: JSON.stringify(data) } },
      { errors: options.errors ?? 'global' },
    );
    return created;
  }
  const next = options.merge ? { ...parseConfigurationData(existing), ...data } : data;
  const { data: updated } = await request<UserConfiguration>(
    {
      method: 'PUT',
      url: `${base(portalCode)}/${encodeURIComponent(code)}`,
      params: { editDeleted: true },
      data: { portal: portalCode, code, data: JSON.stringify(next) },
    },
    { errors: options.errors ?? 'global' },
  );
  return updated;
}
