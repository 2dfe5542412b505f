import { z } from 'zod';
import { jsonObject } from './common.ts';

/** A service of the catalogue. */
export const service = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  categories: z.array(z.object({ id: z.number().int(), label: z.string(), code: z.string() })),
});
export type Service = z.infer<typeof service>;

/** Contract service: a contract id plus a service. */
export const contractService = z.object({
  id: z.number().int(),
  contractServiceId: z.number().int(),
  contractId: z.number().int(),
  serviceLabel: z.string(),
  service,
});
export type ContractService = z.infer<typeof contractService>;
export const contractServiceCreate = z.object({
  serviceIds: z.array(z.number().int().positive()).min(1).max(500),
});

export const ownerType = z.enum(['CONTRACT', 'ORGANIZATION']);
export type OwnerType = z.infer<typeof ownerType>;

/** Application configuration of portal.md section 3. */
export const appConfiguration = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  owner: z.number().int(),
  ownerType,
  parameters: z.record(z.string(), z.unknown()),
  forceChildConfiguration: z.boolean().default(false),
  useParentConfiguration: z.boolean().default(false),
  parentConfiguration: z.number().int().nullable().default(null),
  displayButtonForceChildConfiguration: z.boolean().default(false),
});
export type AppConfiguration = z.infer<typeof appConfiguration>;
export const appConfigurationInput = appConfiguration.omit({ id: true }).extend({
  name: z.string().min(1).max(100),
  owner: z.number().int().positive(),
  parameters: jsonObject().refine((p) => JSON.stringify(p).length < 500_000, 'parameters too large'),
});
export type AppConfigurationInput = z.input<typeof appConfigurationInput>;

/**
 * Configuration parameters that hold a secret. The API answers them masked (SECRET_MASK); a save
 * that gives the mask back keeps the stored secret. The portal's forms never show a stored secret:
 * they show the mask and send back the value they were given when it is left unchanged. Besides
 * these, every secret-looking key at any depth (SECRET_KEY: `password`, `apiKey`, `clientSecret`,
 * `token`...) is masked the same way, also inside a string that holds JSON (an external service's
 * `metadata`, `{"login":"demo","password":"demo"}`).
 */
export const SECRET_PARAMETERS: readonly string[] = ['password', 'powerBiPassword', 'clientSecret'];
export const SECRET_MASK = '********';
/** A key whose value is a secret, wherever it is. */
export const SECRET_KEY = /pass(word|wd)?|secret|token|credential|api[-_]?key|private[-_]?key|jwt/i;

const isSecret = (key: string) => SECRET_PARAMETERS.includes(key) || SECRET_KEY.test(key);

/** A string's JSON object or array, if it holds one. */
function jsonIn(text: string): object | undefined {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

function maskDeep(value: unknown, depth: number): unknown {
  if (depth > 32) return value;
  if (typeof value === 'string') {
    const inner = jsonIn(value);
    return inner === undefined ? value : JSON.stringify(maskDeep(inner, depth + 1));
  }
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isSecret(key) && typeof item === 'string' && item !== '' ? SECRET_MASK : maskDeep(item, depth + 1),
    ]),
  );
}

/** The parameters with every non-empty secret (at any depth, JSON strings included) replaced by the mask. */
export function maskSecrets(parameters: Record<string, unknown>): Record<string, unknown> {
  return maskDeep(parameters, 0) as Record<string, unknown>;
}

const DROP = Symbol('drop');

function keepDeep(given: unknown, kept: unknown, depth: number): unknown {
  if (depth > 32) return given;
  if (typeof given === 'string') {
    const inner = jsonIn(given);
    const keptInner = typeof kept === 'string' ? jsonIn(kept) : undefined;
    return inner === undefined || !given.includes(SECRET_MASK)
      ? given
      : JSON.stringify(keepDeep(inner, keptInner, depth + 1));
  }
  if (Array.isArray(given))
    return given.map((item, i) => keepDeep(item, Array.isArray(kept) ? kept[i] : undefined, depth + 1));
  if (typeof given !== 'object' || given === null) return given;
  const keptObject = typeof kept === 'object' && kept !== null ? (kept as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(given)) {
    const value =
      isSecret(key) && item === SECRET_MASK
        ? typeof keptObject[key] === 'string'
          ? keptObject[key]
          : DROP
        : keepDeep(item, keptObject[key], depth + 1);
    if (value !== DROP) out[key] = value;
  }
  return out;
}

/** The parameters of a save where each secret given as the mask takes its value from `kept` (at any depth). */
export function keepSecrets(
  given: Record<string, unknown>,
  kept: Record<string, unknown> | undefined,
): Record<string, unknown> {
  return keepDeep(given, kept, 0) as Record<string, unknown>;
}

/** External service entry. */
export const externalServiceEntry = z.object({
  code: z.string().optional(),
  label: z.string(),
  url: z.string(),
  categories: z.string().describe('comma-separated category codes, such as 1502,1505'),
  customConnect: z.string().optional().default(''),
  metadata: z.string().optional().default('').describe('JSON of the credentials'),
  isPortal: z
    .union([z.boolean(), z.literal('1'), z.literal('0')])
    .optional()
    .default(false),
  bannerLogo: z.string().optional().default(''),
  bannerBackgroundColor: z.string().optional().default(''),
  buttonTextColor: z.string().optional().default(''),
  buttonBackgroundColor: z.string().optional().default(''),
});
export type ExternalServiceEntry = z.infer<typeof externalServiceEntry>;

const required = z.string().trim().min(1, 'required');
const powerBiParameters = z.object({
  btnLabel: required,
  authenticationMode: z.enum(['masteruser', 'serviceprincipal']),
  powerBiUser: z.string().optional(),
  powerBiPassword: z.string().optional(),
  clientId: z.string().optional(),
  tenantId: z.string().optional(),
  workspaceId: z.string().optional(),
  reportId: z.string().optional(),
  clientSecret: z.string().optional(),
  usernameFilter: z.string().optional(),
  rolesFilter: z.string().optional(),
});
/** Parameters of each kind of service configuration form. */
export const serviceParameters = {
  simple: z.object({ btnLabel: required }),
  powerBi: powerBiParameters,
  /** the trends report: the Power BI parameters plus the contract id */
  reportTrends: powerBiParameters.extend({ contractId: z.string().optional() }),
  proximityRequest: z.object({ codeCollectivite: required, codeBanco: required }),
  externalSiteLogin: z.object({ login: required, password: required, btnLabel: required }),
  signalNotify: z.object({ requestTypes: z.array(z.number().int()) }),
  externalServices: z.object({ services: z.array(externalServiceEntry) }),
  externalServicesSelection: z.object({ services: z.array(z.string()) }),
} as const;
export type ServiceFormKind = Exclude<keyof typeof serviceParameters, 'externalServicesSelection'>;

/**
 * The named service forms: service code -> form kind. Services missing here have no form
 * ("no form exists for this service").
 */
export const SERVICE_FORMS: Readonly<Record<string, ServiceFormKind>> = {
  POWER_BI: 'powerBi',
  REPORT_TRENDS: 'reportTrends',
  PROXIMITY_REQUEST: 'proximityRequest',
  PORTAL_VDM: 'externalSiteLogin',
  SIGNAL_NOTIFY: 'signalNotify',
  EXTERNAL_SERVICES: 'externalServices',
  THINGS_BOARD: 'simple',
  OPEN_API: 'simple',
  VA_GEST_DOC: 'simple',
  VA_METABASE_REQUESTER: 'simple',
  BATHING_WATER_QUALITY: 'simple',
  WATER_QUALITY: 'simple',
  NETWORK_MAP: 'simple',
  CUSTOMER_PORTAL: 'simple',
  BILLING_PORTAL: 'simple',
  WORKS_NOTICE: 'simple',
  LEAK_DETECTION: 'simple',
  SMART_METERING: 'simple',
  SEWER_INSPECTION: 'simple',
  FLOOD_ALERT: 'simple',
  ASSET_MANAGEMENT: 'simple',
  GIS_VIEWER: 'simple',
  ENERGY_MONITORING: 'simple',
  WASTE_COLLECTION: 'simple',
  STREET_LIGHTING: 'simple',
  AIR_QUALITY: 'simple',
  CITIZEN_APP: 'simple',
  TELEMETRY: 'simple',
  CONTRACT_REPORTING: 'simple',
  DRINKING_WATER_PLAN: 'simple',
};

/** What decides how a configuration's parameters are checked. */
export interface ConfigurationKind {
  name: string;
  ownerType: OwnerType;
  forceChildConfiguration?: boolean | undefined;
  useParentConfiguration?: boolean | undefined;
}

/**
 * The schema a configuration's parameters must satisfy, or null when they are not checked: the
 * service has no form, or the configuration hands its section to the other level (a contract
 * configuration forcing the child configuration, an organization one using the parent's); those
 * may carry empty parameters. An organization's external services pick among the contract's.
 */
export function configurationParametersSchema(config: ConfigurationKind): z.ZodType | null {
  const kind = SERVICE_FORMS[config.name];
  if (!kind) return null;
  if (
    config.ownerType === 'CONTRACT'
      ? config.forceChildConfiguration === true
      : config.useParentConfiguration === true
  )
    return null;
  if (kind === 'externalServices' && config.ownerType === 'ORGANIZATION')
    return serviceParameters.externalServicesSelection;
  return serviceParameters[kind];
}
