import { describe, expect, it } from 'vitest';
import { jpegWithExif, plainJpeg } from '@portal/fixtures/exif-jpeg';
import { readPhotoExif, withoutMetadata } from './photo-exif';

const jpeg = (bytes: Uint8Array, name = 'photo.jpg') =>
  new File([bytes.slice()], name, { type: 'image/jpeg' });

describe('readPhotoExif', () => {
  it("reads a camera JPEG's time and GPS position", async () => {
    const file = jpeg(jpegWithExif({ takenAt: '2026:11:28 09:41:07', lat: 47.3215, lng: 5.0415 }));
    const exif = await readPhotoExif(file);
    expect(exif.takenAt).toBe('2026-11-28T09:41:07');
    expect(exif.position?.lat).toBeCloseTo(47.3215, 6);
    expect(exif.position?.lng).toBeCloseTo(5.0415, 6);
  });

  it('gives the south and west their sign, and the time its offset', async () => {
    const file = jpeg(
      jpegWithExif({ takenAt: '2026:06:01 18:05:00', offset: '-03:00', lat: -22.9, lng: -43.2 }),
    );
    const exif = await readPhotoExif(file);
    expect(exif.takenAt).toBe('2026-06-01T18:05:00-03:00');
    expect(exif.position?.lat).toBeCloseTo(-22.9, 6);
    expect(exif.position?.lng).toBeCloseTo(-43.2, 6);
  });

  it('says nothing of a photo without EXIF, without GPS, with a zeroed clock, or of a PNG', async () => {
    expect(await readPhotoExif(jpeg(plainJpeg()))).toEqual({});
    expect(await readPhotoExif(jpeg(jpegWithExif({ takenAt: '2026:11:28 09:41:07' })))).toEqual({
      takenAt: '2026-11-28T09:41:07',
    });
    expect(
      await readPhotoExif(jpeg(jpegWithExif({ takenAt: '0000:00:00 00:00:00', lat: 0, lng: 0 }))),
    ).toEqual({});
    const png = new File([jpegWithExif({ lat: 47, lng: 5 }).slice()], 'x.png', { type: 'image/png' });
    expect(await readPhotoExif(png)).toEqual({});
  });

  it('says nothing of a broken file rather than failing', async () => {
    const broken = jpegWithExif({ lat: 47, lng: 5 }).slice(0, 40);
    expect(await readPhotoExif(jpeg(broken))).toEqual({});
  });
});

describe('withoutMetadata', () => {
  it('drops the EXIF segment and keeps the picture byte for byte', async () => {
    const stripped = await withoutMetadata(
      jpeg(jpegWithExif({ takenAt: '2026:11:28 09:41:07', lat: 47.3, lng: 5 })),
    );
    const bytes = new Uint8Array(await stripped.arrayBuffer());
    expect(bytes).toEqual(plainJpeg());
    expect(stripped.type).toBe('image/jpeg');
    expect(await readPhotoExif(jpeg(bytes))).toEqual({});
  });

  it('leaves another type, or a file that is not a JPEG, as it is', async () => {
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
    expect(await withoutMetadata(png)).toBe(png);
    const fake = jpeg(new Uint8Array([1, 2, 3]));
    expect(await withoutMetadata(fake)).toBe(fake);
  });

  it('drops the EXIF and text chunks of a PNG, and keeps its picture', async () => {
    const chunk = (type: string, data: number[]) => {
      const out = new Uint8Array(12 + data.length);
      new DataView(out.buffer).setUint32(0, data.length);
      out.set(new TextEncoder().encode(type), 4);
      out.set(data, 8);
      // the CRC is not checked by the stripping: zeros stand for it
      return out;
    };
    const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const picture = [chunk('IHDR', Array(13).fill(1)), chunk('IDAT', [1, 2, 3, 4]), chunk('IEND', [])];
    const exif = chunk('eXIf', [0x49, 0x49, 0x2a, 0, 8, 0, 0, 0]);
    const text = chunk('tEXt', [...new TextEncoder().encode('Location\0Dijon')]);
    const file = new File(
      [new Uint8Array(signature), picture[0]!, exif, text, picture[1]!, picture[2]!],
      'a.png',
      {
        type: 'image/png',
      },
    );
    const stripped = new Uint8Array(await (await withoutMetadata(file)).arrayBuffer());
    expect(stripped).toEqual(new Uint8Array([...signature, ...picture.flatMap((c) => [...c])]));
  });

  it('drops the EXIF and XMP chunks of a WebP, its header saying so', async () => {
    const chunk = (fourcc: string, data: number[]) => {
      const out = new Uint8Array(8 + data.length + (data.length % 2));
      out.set(new TextEncoder().encode(fourcc));
      new DataView(out.buffer).setUint32(4, data.length, true);
      out.set(data, 8);
      return out;
    };
    const riff = (chunks: Uint8Array[]) => {
      const body = chunks.flatMap((c) => [...c]);
      const head = new Uint8Array(12);
      head.set(new TextEncoder().encode('RIFF'));
      new DataView(head.buffer).setUint32(4, 4 + body.length, true);
      head.set(new TextEncoder().encode('WEBP'), 8);
      return new Uint8Array([...head, ...body]);
    };
    const vp8x = (flags: number) => chunk('VP8X', [flags, 0, 0, 0, 15, 0, 0, 11, 0, 0]);
    const image = chunk('VP8 ', [9, 8, 7]);
    const file = new File(
      [riff([vp8x(0x0c), image, chunk('EXIF', [1, 2, 3, 4]), chunk('XMP ', [5])])],
      'a.webp',
      {
        type: 'image/webp',
      },
    );
    const stripped = new Uint8Array(await (await withoutMetadata(file)).arrayBuffer());
    expect(stripped).toEqual(riff([vp8x(0), image]));
  });
});
