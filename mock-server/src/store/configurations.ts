/** Application configurations (contract and organization level) and per-user configurations. */
import { configurationParametersSchema, keepSecrets } from '@portal/contract/configuration';
import type { AppConfigurationInput, ConfigurationKind } from '@portal/contract';
import type { AppConfigurationRecord, UserRecord } from '@portal/fixtures';
import { getRow, insertRow, rows, touch, type Db } from './db.ts';
import { badRequest, conflict, invalidField, invalidInput, notFound } from './errors.ts';

type AppInput = Omit<AppConfigurationRecord, 'id'>;

function checkOwner(db: Db, input: { owner: number; ownerType: 'CONTRACT' | 'ORGANIZATION' }): void {
  const exists =
    input.ownerType === 'CONTRACT'
      ? getRow(db, 'contracts', input.owner)
      : getRow(db, 'organizations', input.owner);
  if (!exists) throw invalidField('owner', `${input.ownerType.toLowerCase()} ${input.owner} does not exist`);
}

function checkParent(
  db: Db,
  input: {
    parentConfiguration?: number | null;
    ownerType: string;
    owner: number;
    useParentConfiguration?: boolean;
  },
): void {
  if (input.parentConfiguration == null) {
    if (input.useParentConfiguration && input.ownerType === 'ORGANIZATION') {
      // allowed: the portal sends an empty parent when the contract has none
    }
    return;
  }
  const parent = getRow(db, 'appConfigurations', input.parentConfiguration);
  if (!parent || parent.ownerType !== 'CONTRACT') {
    throw invalidField(
      'parentConfiguration',
      `configuration ${input.parentConfiguration} is not a contract configuration`,
    );
  }
  // the parent is a configuration of the child's own contract, never of another tenant's
  const contractId =
    input.ownerType === 'CONTRACT' ? input.owner : getRow(db, 'organizations', input.owner)?.contractId;
  if (parent.owner !== contractId) {
    throw invalidField(
      'parentConfiguration',
      `configuration ${input.parentConfiguration} is not a configuration of this contract`,
    );
  }
}

/**
 * The parameters satisfy the form of the configuration's service (territorial-admin.md section 4),
 * unless the configuration hands its section to the other level: 400 naming each parameter otherwise.
 */
function checkParameters(config: ConfigurationKind, parameters: Record<string, unknown>): void {
  const schema = configurationParametersSchema(config);
  if (!schema) return;
  const result = schema.safeParse(parameters);
  if (!result.success) throw invalidInput(`Invalid ${config.name} parameters`, result.error, 'parameters');
}

export function ownerConfigurations(
  db: Db,
  ownerType: 'CONTRACT' | 'ORGANIZATION',
  owner: number,
): AppConfigurationRecord[] {
  return rows(db, 'appConfigurations').filter((c) => c.ownerType === ownerType && c.owner === owner);
}

export function findConfiguration(
  db: Db,
  name: string,
  ownerType: 'CONTRACT' | 'ORGANIZATION',
  owner: number,
) {
  return rows(db, 'appConfigurations').find(
    (c) => c.name === name && c.ownerType === ownerType && c.owner === owner,
  );
}

export function createAppConfiguration(
  db: Db,
  input: AppConfigurationInput & { parameters: Record<string, unknown> },
): AppConfigurationRecord {
  checkOwner(db, input);
  checkParent(db, input);
  // a new configuration has no stored secret: the mask given as one is dropped
  const parameters = keepSecrets(input.parameters, undefined);
  checkParameters(input, parameters);
  if (findConfiguration(db, input.name, input.ownerType, input.owner)) {
    throw conflict(
      `A ${input.name} configuration already exists for ${input.ownerType} ${input.owner}: update it by id`,
    );
  }
  const record: AppInput = {
    name: input.name,
    owner: input.owner,
    ownerType: input.ownerType,
    parameters,
    forceChildConfiguration: input.forceChildConfiguration ?? false,
    useParentConfiguration: input.useParentConfiguration ?? false,
    parentConfiguration: input.parentConfiguration ?? null,
    displayButtonForceChildConfiguration: input.displayButtonForceChildConfiguration ?? false,
  };
  return insertRow(db, 'appConfigurations', record);
}

export function updateAppConfiguration(
  db: Db,
  id: number,
  input: AppConfigurationInput & { parameters: Record<string, unknown> },
): AppConfigurationRecord {
  const config = getRow(db, 'appConfigurations', id);
  if (!config) throw notFound('Configuration', id);
  if (input.owner !== config.owner || input.ownerType !== config.ownerType) {
    throw badRequest('The owner of a configuration cannot change', [
      { path: 'owner', message: 'differs from the saved owner' },
    ]);
  }
  if (input.name !== config.name) {
    const other = findConfiguration(db, input.name, input.ownerType, input.owner);
    if (other && other.id !== id)
      throw conflict(`A ${input.name} configuration already exists for this owner`);
  }
  checkParent(db, input);
  // a secret given back as the mask the answers show keeps its stored value
  const parameters = keepSecrets(input.parameters, config.parameters);
  checkParameters(input, parameters);
  config.name = input.name;
  config.parameters = parameters;
  config.forceChildConfiguration = input.forceChildConfiguration ?? false;
  config.useParentConfiguration = input.useParentConfiguration ?? false;
  config.parentConfiguration = input.parentConfiguration ?? null;
  config.displayButtonForceChildConfiguration = input.displayButtonForceChildConfiguration ?? false;
  touch(db);
  return config;
}

/* User configurations */

export function userConfigurations(db: Db, user: UserRecord, portal: string, showDeleted: boolean) {
  return rows(db, 'userConfigurations').filter(
    (c) => c.userId === user.id && c.portal === portal && (showDeleted || !c.deleted),
  );
}

function findUserConfiguration(db: Db, user: UserRecord, portal: string, code: string) {
  return rows(db, 'userConfigurations').find(
    (c) => c.userId === user.id && c.portal === portal && c.code === code,
  );
}

export function getUserConfiguration(
  db: Db,
  user: UserRecord,
  portal: string,
  code: string,
  showDeleted: boolean,
) {
  const config = findUserConfiguration(db, user, portal, code);
  if (!config || (config.deleted && !showDeleted))
    throw notFound(`Configuration ${code} of portal ${portal}`);
  return config;
}

function checkPortalAndCode(
  pathPortal: string,
  body: { portal: string; code: string },
  pathCode?: string,
): void {
  if (body.portal !== pathPortal)
    throw invalidField('portal', `must be the portal of the address (${pathPortal})`);
  if (pathCode !== undefined && body.code !== pathCode)
    throw invalidField('code', `must be the code of the address (${pathCode})`);
}

export function createUserConfiguration(
  db: Db,
  user: UserRecord,
  portal: string,
  body: { portal: string; code: string; data: string },
) {
  checkPortalAndCode(portal, body);
  if (findUserConfiguration(db, user, portal, body.code)) {
    throw conflict(`Configuration ${body.code} already exists: update it (with editDeleted=true if deleted)`);
  }
  return insertRow(db, 'userConfigurations', {
    userId: user.id,
    portal,
    code: body.code,
    data: body.data,
    deleted: false,
  });
}

export function updateUserConfiguration(
  db: Db,
  user: UserRecord,
  portal: string,
  code: string,
  body: { portal: string; code: string; data: string },
  editDeleted: boolean,
) {
  checkPortalAndCode(portal, body, code);
  const config = findUserConfiguration(db, user, portal, code);
  if (!config || (config.deleted && !editDeleted))
    throw notFound(`Configuration ${code} of portal ${portal}`);
  config.data = body.data;
  config.deleted = false;
  touch(db);
  return config;
}
