import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Carousel from 'react-bootstrap/Carousel';
import { useTranslation } from '@/lib/i18n';
import type { IndustrialSite } from '@portal/contract';
import { INDUSTRIAL_SITE_CAROUSEL_HEIGHT } from '@portal/contract/constants';
import { Spinner } from '@/components/ui/spinner';
import { siteViewQueries } from '../../api/view-site';

type Photo = IndustrialSite['photos'][number];

/** One photo, read from the binary endpoint with the bearer token. */
function SitePhoto({ contractId, photo, alt }: { contractId: number; photo: Photo; alt: string }) {
  const { t } = useTranslation();
  const query = useQuery(siteViewQueries.photo(contractId, photo.photoId));
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const box = { height: INDUSTRIAL_SITE_CAROUSEL_HEIGHT };
  if (query.isPending) {
    return (
      <div className="d-flex align-items-center justify-content-center bg-body-tertiary" style={box}>
        <Spinner />
      </div>
    );
  }
  if (!url) {
    return (
      <div className="d-flex align-items-center justify-content-center bg-body-tertiary" style={box}>
        <span>{t('my_site.photo_failed', { name: photo.fileName })}</span>
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      className="d-block w-100"
      style={{ ...box, objectFit: 'contain', background: '#212529' }}
    />
  );
}

/** The site's photos in a carousel 360 px high (portal.md section 9). */
export function PhotoCarousel({ contractId, photos }: { contractId: number; photos: Photo[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  if (photos.length === 0) return <p className="text-body-secondary">{t('my_site.no_photos')}</p>;
  return (
    <Carousel
      activeIndex={index}
      onSelect={setIndex}
      interval={null}
      indicators={photos.length > 1}
      controls={photos.length > 1}
      indicatorLabels={photos.map((_, i) => t('my_site.photo_go', { index: i + 1 }))}
      prevLabel={t('my_site.photo_previous')}
      nextLabel={t('my_site.photo_next')}
      className="site-carousel rounded overflow-hidden"
      style={{ height: INDUSTRIAL_SITE_CAROUSEL_HEIGHT }}
    >
      {photos.map((photo, i) => (
        <Carousel.Item key={photo.photoId}>
          <SitePhoto
            contractId={contractId}
            photo={photo}
            alt={t('my_site.photo_alt', { index: i + 1, count: photos.length, name: photo.fileName })}
          />
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
