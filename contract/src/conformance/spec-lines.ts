/**
 * The line of the spec that describes each endpoint's call, where the spec writes its path (the
 * others are described by their section only). Written by `npm run spec-lines -w contract`.
 */
import type { EndpointDef } from '../endpoint.ts';

const lines: Record<string, string> = {
  tokenCheck: 'portal.md:176',
  getRealm: 'portal.md:177',
  metabaseUserToken: 'portal.md:178',
  refreshToken: 'portal.md:233',
  userContracts: 'portal.md:179',
  getContract: 'portal.md:180',
  listContracts: 'portal.md:181',
  createContract: 'portal.md:182',
  deleteContract: 'portal.md:183',
  adminPermissions: 'portal.md:184',
  getSiteConfiguration: 'portal.md:186',
  createSiteConfiguration: 'portal.md:186',
  updateSiteConfiguration: 'portal.md:186',
  portalConfiguration: 'portal.md:228',
  userSkillMenu: 'portal.md:199',
  listCategories: 'portal.md:215',
  listContractOrganizations: 'portal.md:212',
  createOrganization: 'portal.md:212',
  getOrganization: 'portal.md:212',
  updateOrganization: 'portal.md:212',
  deleteOrganization: 'portal.md:212',
  deleteOrganizationUser: 'portal.md:197',
  getUser: 'portal.md:193',
  listContractUsers: 'portal.md:194',
  inviteUsers: 'portal.md:195',
  userOrganizationCounts: 'portal.md:196',
  deleteContractUser: 'portal.md:198',
  userOrganizations: 'portal.md:199',
  userAreas: 'portal.md:199',
  userGeoshape: 'portal.md:199',
  listContractServices: 'portal.md:189',
  createContractServices: 'portal.md:189',
  deleteContractService: 'portal.md:190',
  createAppConfiguration: 'portal.md:202',
  updateAppConfiguration: 'portal.md:203',
  listAppConfigurations: 'portal.md:204',
  getAppConfiguration: 'portal.md:205',
  listUserConfigurations: 'portal.md:208',
  getUserConfiguration: 'portal.md:208',
  createUserConfiguration: 'portal.md:208',
  updateUserConfiguration: 'portal.md:208',
  listIndustrialSites: 'portal.md:221',
  createIndustrialSite: 'portal.md:221',
  getIndustrialSite: 'portal.md:222',
  updateIndustrialSite: 'portal.md:222',
  listSiteContacts: 'portal.md:223',
  getSiteContact: 'portal.md:223',
  createSiteContact: 'portal.md:223',
  updateSiteContact: 'portal.md:223',
  deleteSiteContact: 'portal.md:223',
  uploadSitePhoto: 'portal.md:224',
  deleteSitePhoto: 'portal.md:224',
  sitePhotoBinary: 'portal.md:224',
  siteIndicatorValues: 'portal.md:225',
  listIndicatorSources: 'portal.md:226',
  createSiteMetadata: 'portal.md:227',
  deleteSiteMetadata: 'portal.md:227',
  publicWorkStats: 'portal.md:217',
  thingsBoardDashboards: 'portal.md:218',
  thingsBoardUserToken: 'portal.md:218',
};

const SECTIONS: Record<EndpointDef['source'], string> = {
  portal: 'portal.md section 7',
  'territorial-admin': 'territorial-admin.md section 7',
  declared: "territorial-admin.md section 7 (a shape only; its path is the contract's)",
  screens: "the screens of the spec (no call written; its path is the contract's)",
};

/** Where the spec describes an endpoint's call: `portal.md:225`, or its section. */
export function specLine(def: Pick<EndpointDef, 'id' | 'source'>): string {
  return lines[def.id] ?? SECTIONS[def.source];
}
