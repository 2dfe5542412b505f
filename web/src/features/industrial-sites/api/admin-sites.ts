import { queryOptions } from '@tanstack/react-query';
import type { GeoJson } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { pageQuery } from '@/lib/api-client';
import { siteCall, siteCallData } from './site-call';
import type { UploadProgress } from '@/lib/api-client';
import { contractKey } from '@/lib/query-keys';

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

/** Keys start with the current contract (STYLE.md) and share the list tab's prefix, so one invalidation refreshes both. */
export const siteAdminQueries = {
  all: (contractId: number | null) => [...contractKey(contractId), 'industrial-sites'] as const,
  detail: (contractId: number | null, siteId: number) =>
    queryOptions({
      queryKey: [...siteAdminQueries.all(contractId), 'detail', siteId],
      queryFn: ({ signal }) =>
        siteCallData('getIndustrialSite', { params: { siteId }, signal }, { errors: 'local' }),
    }),
  contacts: (contractId: number | null, siteId: number) =>
    queryOptions({
      queryKey: [...siteAdminQueries.all(contractId), 'detail', siteId, 'contacts'],
      queryFn: ({ signal }) =>
        siteCallData('listSiteContacts', { params: { siteId }, signal }, { errors: 'local' }),
    }),
  contact: (contractId: number | null, siteId: number, contactId: number) =>
    queryOptions({
      queryKey: [...siteAdminQueries.all(contractId), 'detail', siteId, 'contacts', contactId],
      queryFn: ({ signal }) =>
        siteCallData('getSiteContact', { params: { siteId, contactId }, signal }, { errors: 'local' }),
    }),
  /** the photo's image as an object URL, read with the bearer token (an <img src> could not send it); a photo never changes */
  photo: (contractId: number | null, photoId: number) =>
    queryOptions({
      queryKey: [...siteAdminQueries.all(contractId), 'photo', photoId],
      queryFn: async ({ signal }) =>
        URL.createObjectURL(
          await siteCallData('sitePhotoBinary', { params: { photoId }, signal }, { errors: 'local' }),
        ),
      staleTime: Infinity,
    }),
  /** the contract's organizations (both types), for the site's organization choice */
  organizations: (contractId: number) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'organizations', 'picker'],
      queryFn: ({ signal }) =>
        siteCallData(
          'listContractOrganizations',
          { params: { contractId }, query: pageQuery(1, PAGING.allItems), signal },
          { errors: 'local' },
        ),
    }),
};

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
