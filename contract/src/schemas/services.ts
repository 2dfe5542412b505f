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
 * they show the mask and send back the value they were given when it is left unchanged.
 */
export const SECRET_PARAMETERS: readonly string[] = ['password', 'powerBiPassword', 'clientSecret'];
export const SECRET_MASK = '********';

/** The parameters with every non-empty secret replaced by the mask. */
export function maskSecrets(parameters: Record<string, unknown>): Record<string, unknown> {
  const out = { ...parameters };
  for (const key of SECRET_PARAMETERS)
    if (typeof out[key] === 'string' && out[key] !== '') out[key] = SECRET_MASK;
  return out;
}

/** The parameters of a save where each secret given as the mask takes its value from `kept`. */
export function keepSecrets(
  given: Record<string, unknown>,
  kept: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const out = { ...given };
  for (const key of SECRET_PARAMETERS) {
    if (out[key] !== SECRET_MASK) continue;
    if (kept && typeof kept[key] === 'string') out[key] = kept[key];
    else delete out[key];
  }
  return out;
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
