/**
 * What each change of a contract's territory alters, as the endpoints whose reads go stale: a save
 * (in the territorial admin, the user detail) marks these stale wherever they are shown (the
 * admin's lists, the user detail, the maps' bounds, the works forms), through invalidateEndpoints.
 */
import type { EndpointId } from '@portal/contract';

/** An area added, renamed or removed: the area lists, their counts, and whoever holds the area. */
const AREA: readonly EndpointId[] = [
  'listContractAreas',
  'getArea',
  'areaCategoryCounts',
  'areaOrganizationCounts',
  'areaCategories',
  'areaOrganizations',
  'organizationAreas',
  'userAreas',
  'userGeoshape',
];

/** An organization added, edited or removed, or its areas, services or members changed. */
const ORGANIZATION: readonly EndpointId[] = [
  'listContractOrganizations',
  'getOrganization',
  'organizationUserCounts',
  'organizationAreas',
  'organizationServices',
  'organizationUsers',
  'areaOrganizations',
  'areaOrganizationCounts',
  'areaCategories',
  'areaCategoryCounts',
  'listLegalEntities',
  'userOrganizations',
  'userOrganizationCounts',
  'userAreas',
  'userGeoshape',
  'userSkillMenu',
];

/** A user invited, given roles, taken out of an organization or removed. */
const USER: readonly EndpointId[] = [
  'listContractUsers',
  'getUser',
  'userOrganizationCounts',
  'userOrganizations',
  'userAreas',
  'organizationUsers',
  'organizationUserCounts',
];

/** A service added to or removed from the contract. */
const SERVICE: readonly EndpointId[] = ['listContractServices', 'organizationServices', 'userSkillMenu'];

/** An external application configuration saved. */
const CONFIGURATION: readonly EndpointId[] = ['getAppConfiguration', 'listAppConfigurations'];

export const TERRITORY_CHANGES = {
  area: AREA,
  organization: ORGANIZATION,
  user: USER,
  service: SERVICE,
  configuration: CONFIGURATION,
} as const;
