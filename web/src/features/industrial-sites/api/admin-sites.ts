import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { GeoJson } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { pageQuery } from '@/lib/api-client';
import { siteCall, siteCallData } from './site-call';
import type { UploadProgress } from '@/lib/api-client';
import { endpointQuery, invalidateEndpoints } from '@/lib/endpoint-query';
import { sitePhotoQuery } from './site-photo';

/** Industrial-site administration (/gestion-territoriale/site-industriel/...): the calls of portal.md section 7. */

export interface SiteInput {
  name: string;
  industrialSiteTypeCode: string;
  geoZoneArea: { geojson: GeoJson | null };
  organizationIds: number[];
}

export interface ContactInput {
  firstName: string;
  lastName: string;
  role: string;
  email: string | null;
  phone: string | null;
}

export interface MetadataInput {
  key: string;
  value: string;
}

/** portal.md section 8: the industrial-site service's failures are logged and rethrown. */
const logged = { logAs: 'industrial-site' } as const;

export const siteAdminQueries = {
  detail: (contractId: number | null, siteId: number) =>
    endpointQuery(contractId, 'getIndustrialSite', { params: { siteId } }, logged),
  contacts: (contractId: number | null, siteId: number) =>
    endpointQuery(contractId, 'listSiteContacts', { params: { siteId } }, logged),
  contact: (contractId: number | null, siteId: number, contactId: number) =>
    endpointQuery(contractId, 'getSiteContact', { params: { siteId, contactId } }, logged),
  photo: sitePhotoQuery,
  /** the contract's organizations (both types), for the site's organization choice */
  organizations: (contractId: number) =>
    queryOptions({
      ...endpointQuery(
        contractId,
        'listContractOrganizations',
        { params: { contractId }, query: pageQuery(1, PAGING.allItems) },
        logged,
      ),
      select: (page) => page.data,
    }),
};

/** What a change of a site (its fields, contacts, photos, metadata) alters, wherever it is shown. */
const SITE_READS = [
  'listIndustrialSites',
  'getIndustrialSite',
  'listSiteContacts',
  'getSiteContact',
  'mySite',
] as const;

export const invalidateSites = (client: QueryClient, contractId: number | null) =>
  invalidateEndpoints(client, contractId, SITE_READS);

export const createSite = async (contractId: number, body: SiteInput) =>
  siteCallData('createIndustrialSite', { query: { contractId }, body }, { errors: 'local' });

export const updateSite = async (siteId: number, body: SiteInput) =>
  siteCallData('updateIndustrialSite', { params: { siteId }, body }, { errors: 'local' });

export const saveContact = async (siteId: number, contactId: number | null, body: ContactInput) =>
  contactId === null
    ? siteCallData('createSiteContact', { params: { siteId }, body }, { errors: 'local' })
    : siteCallData('updateSiteContact', { params: { siteId, contactId }, body }, { errors: 'local' });

export const deleteContact = (siteId: number, contactId: number) =>
  siteCall('deleteSiteContact', { params: { siteId, contactId } }, { errors: 'local' });

export const uploadPhoto = (
  siteId: number,
  file: File,
  onUploadProgress?: (progress: UploadProgress) => void,
) => {
  const form = new FormData();
  form.append('photo', file);
  return siteCall(
    'uploadSitePhoto',
    { params: { siteId }, body: form, onUploadProgress },
    { errors: 'local' },
  );
};

export const deletePhoto = (siteId: number, photoId: number) =>
  siteCall('deleteSitePhoto', { params: { siteId, photoId } }, { errors: 'local' });

export const addMetadata = (siteId: number, body: MetadataInput) =>
  siteCall('createSiteMetadata', { params: { siteId }, body }, { errors: 'local' });

export const deleteMetadata = (siteId: number, metadataId: number) =>
  siteCall('deleteSiteMetadata', { params: { siteId, metadataId } }, { errors: 'local' });
