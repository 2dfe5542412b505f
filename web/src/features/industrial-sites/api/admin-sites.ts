import { queryOptions } from '@tanstack/react-query';
import type { GeoJson, IndustrialSite, IndustrialSiteContact } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { request } from '@/lib/api-client';

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
  all: (contractId: number | null) => ['contract', contractId, 'industrial-sites'] as const,
  detail: (contractId: number | null, siteId: number) =>
    queryOptions({
      queryKey: [...siteAdminQueries.all(contractId), 'detail', siteId],
      queryFn: async ({ signal }) =>
        (
          await request<IndustrialSite>(
            { url: `/api/industrial-site/${siteId}`, signal },
            { errors: 'local' },
          )
        ).data,
    }),
  contacts: (contractId: number | null, siteId: number) =>
    queryOptions({
      queryKey: [...siteAdminQueries.all(contractId), 'detail', siteId, 'contacts'],
      queryFn: async ({ signal }) =>
        (
          await request<IndustrialSiteContact[]>(
            { url: `/api/industrial-site/${siteId}/contact`, signal },
            { errors: 'local' },
          )
        ).data,
    }),
  contact: (contractId: number | null, siteId: number, contactId: number) =>
    queryOptions({
      queryKey: [...siteAdminQueries.all(contractId), 'detail', siteId, 'contacts', contactId],
      queryFn: async ({ signal }) =>
        (
          await request<IndustrialSiteContact>(
            { url: `/api/industrial-site/${siteId}/contact/${contactId}`, signal },
            { errors: 'local' },
          )
        ).data,
    }),
  /** the photo's image as an object URL, read with the bearer token (an <img src> could not send it); a photo never changes */
  photo: (contractId: number | null, photoId: number) =>
    queryOptions({
      queryKey: [...siteAdminQueries.all(contractId), 'photo', photoId],
      queryFn: async ({ signal }) =>
        URL.createObjectURL(
          (
            await request<Blob>(
              { url: `/api/industrial-site/photo/${photoId}/binary`, responseType: 'blob', signal },
              { errors: 'local' },
            )
          ).data,
        ),
      staleTime: Infinity,
    }),
  /** the contract's organizations (both types), for the site's organization choice */
  organizations: (contractId: number) =>
    queryOptions({
      queryKey: ['contract', contractId, 'organizations', 'picker'],
      queryFn: async ({ signal }) =>
        (
          await request<{ id: number; label: string; type: string }[]>(
            {
              url: `/api/contract/${contractId}/organization`,
              params: { currentPage: 1, itemsPerPage: PAGING.allItems },
              signal,
            },
            { errors: 'local' },
          )
        ).data,
    }),
};

export const createSite = async (contractId: number, body: SiteInput) =>
  (
    await request<IndustrialSite>(
      { method: 'POST', url: '/api/industrial-site', params: { contractId }, data: body },
      { errors: 'local' },
    )
  ).data;

export const updateSite = async (siteId: number, body: SiteInput) =>
  (
    await request<IndustrialSite>(
      { method: 'PUT', url: `/api/industrial-site/${siteId}`, data: body },
      { errors: 'local' },
    )
  ).data;

export const saveContact = async (siteId: number, contactId: number | null, body: ContactInput) =>
  (
    await request<IndustrialSiteContact>(
      contactId === null
        ? { method: 'POST', url: `/api/industrial-site/${siteId}/contact`, data: body }
        : { method: 'PUT', url: `/api/industrial-site/${siteId}/contact/${contactId}`, data: body },
      { errors: 'local' },
    )
  ).data;

export const deleteContact = (siteId: number, contactId: number) =>
  request<null>(
    { method: 'DELETE', url: `/api/industrial-site/${siteId}/contact/${contactId}` },
    { errors: 'local' },
  );

export const uploadPhoto = (siteId: number, file: File) => {
  const form = new FormData();
  form.append('photo', file);
  return request<unknown>(
    { method: 'POST', url: `/api/industrial-site/${siteId}/photo`, data: form },
    { errors: 'local' },
  );
};

export const deletePhoto = (siteId: number, photoId: number) =>
  request<null>(
    { method: 'DELETE', url: `/api/industrial-site/${siteId}/photo/${photoId}` },
    { errors: 'local' },
  );

export const addMetadata = (siteId: number, body: MetadataInput) =>
  request<unknown>(
    { method: 'POST', url: `/api/industrial-site/${siteId}/metadata`, data: body },
    { errors: 'local' },
  );

export const deleteMetadata = (siteId: number, metadataId: number) =>
  request<null>(
    { method: 'DELETE', url: `/api/industrial-site/${siteId}/metadata/${metadataId}` },
    { errors: 'local' },
  );
