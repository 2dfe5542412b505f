import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/**
 * A site photo's image, read with the bearer token (an <img src> could not send it): one entry per
 * photo for the site's page and its administration, each screen making its own object URL of it;
 * a photo never changes.
 */
export const sitePhotoQuery = (contractId: number | null, photoId: number) =>
  queryOptions({
    ...endpointQuery(contractId, 'sitePhotoBinary', { params: { photoId } }, { logAs: 'industrial-site' }),
    staleTime: Infinity,
  });
