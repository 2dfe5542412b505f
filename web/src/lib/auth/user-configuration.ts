/**
 * User configurations (per portal code): read (with showDeleted), then create, or merge and update
 * (with editDeleted=true), as portal.md section 4 says.
 */
import type { UserConfiguration } from '@portal/contract';
import { runtimeConfig } from '@/config/runtime-config';
import { call } from '../api-client';
import { configurationOf, parseConfigurationData } from './configuration-data';
import { getToken } from './storage';

/** The endpoints a value read from the user's configurations reads: a save makes them stale. */
export const USER_CONFIGURATION_READS = ['listUserConfigurations'] as const;

/**
 * The portal's configurations of this user, deleted ones included. Readers of one moment share one
 * call: the session's start reads the list, and the home page reads it again just after for the
 * displayed widgets and the layout; each waited for a round trip of its own. A list younger than
 * SHARE_MS, for the same token and portal, is reused, until a save in this tab; a failed one is not.
 */
const SHARE_MS = 10_000;
let shared: { key: string; at: number; list: Promise<UserConfiguration[]> } | null = null;

function configurationList(portalCode: string, fresh: boolean): Promise<UserConfiguration[]> {
  const key = `${getToken() ?? ''} ${portalCode}`;
  if (!fresh && shared && shared.key === key && Date.now() - shared.at < SHARE_MS) return shared.list;
  // no caller's signal: the answer may serve another reader
  const list = call(
    'listUserConfigurations',
    { params: { portalCode }, query: { showDeleted: true } },
    { errors: 'local' },
  ).then(({ data }) => data);
  const entry = { key, at: Date.now(), list };
  shared = entry;
  list.catch(() => {
    if (shared === entry) shared = null;
  });
  return list;
}

/**
 * The configuration of a code, or null when none exists yet. Read from the portal's list (deleted
 * ones included): a code never saved is simply absent there, where reading it by code answers 404,
 * which the browser reports as a failed load in the console of every first visit. `fresh` asks the
 * server again (a save reads what it is about to change).
 */
export async function getUserConfiguration(
  code: string,
  portalCode = runtimeConfig().siteCode,
  fresh = false,
): Promise<UserConfiguration | null> {
  return configurationOf(await configurationList(portalCode, fresh), code);
}

interface SaveOptions {
  merge?: boolean;
  portalCode?: string;
  errors?: 'global' | 'local';
}

/** The last save of each configuration (portal and code) under way: the next one waits for it. */
const saving = new Map<string, Promise<unknown>>();

/**
 * Saves a configuration: read it (deleted ones included, from the server); create when empty; else
 * (merge and) update. The next reader asks the server again. Saves of one configuration run one
 * after the other, in the order asked: two at once would both find it missing and both create it
 * (the second refused), or land in either order.
 */
export function saveUserConfiguration(
  code: string,
  data: Record<string, unknown>,
  options: SaveOptions = {},
): Promise<UserConfiguration> {
  const portalCode = options.portalCode ?? runtimeConfig().siteCode;
  const key = `${portalCode} ${code}`;
  const previous = saving.get(key) ?? Promise.resolve();
  const save = previous.catch(() => undefined).then(() => saveNow(code, data, options, portalCode));
  saving.set(key, save);
  const done = () => {
    if (saving.get(key) === save) saving.delete(key);
  };
  save.then(done, done);
  return save;
}

async function saveNow(
  code: string,
  data: Record<string, unknown>,
  options: SaveOptions,
  portalCode: string,
): Promise<UserConfiguration> {
  try {
    const existing = await getUserConfiguration(code, portalCode, true);
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
  } finally {
    shared = null;
  }
}
