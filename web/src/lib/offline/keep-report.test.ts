import { describe, expect, it } from 'vitest';
import { jpegWithExif } from '@portal/fixtures/exif-jpeg';
import { readPhotoExif } from '../photo-exif';
import { compressPhotos, reportFor, sameBody } from './keep-report';
import type { WaitingReport } from './report-store';

const body = {
  contractId: 1,
  categoryId: 2,
  description: 'Lampadaire éteint',
  address: '',
  location: { lat: 47.3, lng: 5.04 },
};
const photo = { name: 'a.jpg', type: 'image/jpeg', blob: new Blob(['a']) };

/** A report the server failed on (5xx): tried, no signal known. */
const failed: WaitingReport = {
  id: 'first-key',
  userId: 7,
  createdAt: 1_000,
  body,
  photos: [photo],
  state: 'waiting',
  attempts: 1,
  nextAttemptAt: 3_000,
  lastTryAt: 1_000,
  reasonStatus: 500,
};

describe('sameBody', () => {
  it('is the same request whatever the spacing around the text', () => {
    expect(sameBody(body, { ...body, description: ' Lampadaire éteint ' })).toBe(true);
  });
  it('differs on any field sent', () => {
    expect(sameBody(body, { ...body, description: 'Lampadaire cassé' })).toBe(false);
    expect(sameBody(body, { ...body, location: { lat: 47.3, lng: 5.05 } })).toBe(false);
    expect(sameBody(body, { ...body, categoryId: 3 })).toBe(false);
  });
});

describe('reportFor after a 5xx', () => {
  const edited = { ...body, description: 'Lampadaire cassé' };

  it('guessing the server may hold the signal: keeps the first key and body', () => {
    const report = reportFor(7, edited, [], failed);
    expect(report.id).toBe('first-key');
    expect(report.body.description).toBe('Lampadaire éteint');
  });

  it('known that the server made nothing: the text on screen under a new key, the same photos', () => {
    const report = reportFor(7, edited, [], failed, false);
    expect(report.id).not.toBe('first-key');
    expect(report.body.description).toBe('Lampadaire cassé');
    expect(report.photos.map((p) => p.name)).toEqual(['a.jpg']);
    expect(report.createdAt).toBe(1_000);
  });
});

describe('compressPhotos', () => {
  it("keeps the photo's EXIF time and place with the report, and sends a file without them", async () => {
    const camera = new File(
      [jpegWithExif({ takenAt: '2026:11:28 09:41:07', lat: 47.3215, lng: 5.0415 }).slice()],
      'éclairage-rue.jpg',
      { type: 'image/jpeg' },
    );
    const [kept] = await compressPhotos([camera]);
    expect(kept?.name).toBe('éclairage-rue.jpg');
    expect(kept?.exif?.takenAt).toBe('2026-11-28T09:41:07');
    expect(kept?.exif?.position?.lat).toBeCloseTo(47.3215, 6);
    expect(kept?.blob.size).toBeLessThan(camera.size);
    expect(await readPhotoExif(new File([kept!.blob], 'sent.jpg', { type: 'image/jpeg' }))).toEqual({});
  });
});
