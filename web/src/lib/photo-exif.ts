/**
 * When and where a photo was taken, as its EXIF says (docs/offline.md): read from the file the
 * agent chose, before the reduction on the device drops every EXIF field. The report form offers
 * the position as the report's location and shows the time beside the photo; the file sent keeps
 * none of it (`withoutMetadata` strips a JPEG sent as it was chosen).
 */
export interface PhotoExif {
  /**
   * the camera's time as written (DateTimeOriginal), in ISO 8601: `2026-11-28T09:41:07`, with the
   * photo's offset when it gives one (OffsetTimeOriginal): `2026-11-28T09:41:07+01:00`
   */
  takenAt?: string;
  /** GPSLatitude/GPSLongitude with their references, in decimal degrees */
  position?: { lat: number; lng: number };
}

/** EXIF tag numbers (exifr's mini build keys tags by number: it ships no names). */
const DATE_TIME_ORIGINAL = 36867;
const OFFSET_TIME_ORIGINAL = 36881;

function takenAtOf(tags: Record<string, unknown>): Pick<PhotoExif, 'takenAt'> {
  const raw = tags[DATE_TIME_ORIGINAL];
  const match =
    typeof raw === 'string' ? /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(raw) : null;
  if (!match) return {};
  const [, year, month, day, hours, minutes, seconds] = match;
  const local = `${year}-${month}-${day}T${hours}:${minutes}:${seconds}`;
  // a camera without a clock set writes zeros: no time at all
  if (Number.isNaN(Date.parse(local)) || year === '0000') return {};
  const offset = tags[OFFSET_TIME_ORIGINAL];
  return {
    takenAt: typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset) ? `${local}${offset}` : local,
  };
}

function positionOf(tags: Record<string, unknown>): Pick<PhotoExif, 'position'> {
  const { latitude: lat, longitude: lng } = tags;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng))
    return {};
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return {};
  // a camera without a fix may write 0, 0: the middle of the Gulf of Guinea is no report's place
  if (lat === 0 && lng === 0) return {};
  return { position: { lat, lng } };
}

/** The types whose EXIF is read (exifr's mini build reads JPEG and TIFF). */
const WITH_EXIF = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/tiff']);

/** What the photo's EXIF says of its time and place; nothing when it says nothing (or is unreadable). */
export async function readPhotoExif(file: Blob): Promise<PhotoExif> {
  if (!WITH_EXIF.has(file.type)) return {};
  try {
    // loaded with the first photo chosen, not with the form
    const { parse } = await import('exifr/dist/mini.esm.mjs');
    const tags = (await parse(file, { gps: true, ifd1: false, reviveValues: false })) as
      Record<string, unknown> | undefined;
    return tags ? { ...takenAtOf(tags), ...positionOf(tags) } : {};
  } catch {
    return {};
  }
}

/**
 * The JPEG segments that may say who, when or where (EXIF and XMP in APP1, IPTC in APP13, and the
 * other application segments, and comments); kept: JFIF (APP0), the colour profile (APP2) and
 * Adobe's colour transform (APP14), which the picture needs to show its colours.
 */
const KEPT_APP_SEGMENTS = new Set([0xe0, 0xe2, 0xee]);

function jpegWithout(bytes: Uint8Array): Uint8Array[] | null {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] as number;
    // the scan (SOS) and what follows it: the picture itself
    if (marker === 0xda) break;
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const dropped = (isApp && !KEPT_APP_SEGMENTS.has(marker)) || marker === 0xfe;
    if (!dropped) kept.push(bytes.subarray(at, end));
    at = end;
  }
  kept.push(bytes.subarray(at));
  return kept;
}

/** PNG chunks that carry EXIF or text (XMP travels in iTXt). */
const PNG_METADATA = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt']);

function pngWithout(bytes: Uint8Array): Uint8Array[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const end = at + 12 + view.getUint32(at);
    if (end > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!PNG_METADATA.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
  }
  return at === bytes.length ? kept : null;
}

/** A WebP without its EXIF and XMP chunks, its VP8X header saying so. */
function webpWithout(bytes: Uint8Array): Uint8Array[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Uint8Array[] = [];
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    if (end > bytes.length) return null;
    const fourcc = String.fromCharCode(...bytes.subarray(at, at + 4));
    if (fourcc === 'VP8X') {
      const header = bytes.slice(at, end);
      // the flags of the EXIF (0x08) and XMP (0x04) chunks
      header[8] = (header[8] as number) & ~0x0c;
      chunks.push(header);
    } else if (fourcc !== 'EXIF' && fourcc !== 'XMP ') chunks.push(bytes.subarray(at, end));
    at = end;
  }
  const riff = new Uint8Array(12);
  riff.set(bytes.subarray(0, 12));
  const length = 4 + chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  new DataView(riff.buffer).setUint32(4, length, true);
  return [riff, ...chunks];
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, i) => bytes[at + i] === byte);

/**
 * The photo as it is sent when it goes as chosen (no smaller once reduced, or not readable by the
 * browser): a JPEG, PNG or WebP without its metadata, its picture untouched; another type (a TIFF,
 * a GIF, an SVG) as it is.
 */
export async function withoutMetadata(file: Blob): Promise<Blob> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let parts: Uint8Array[] | null = null;
  if (startsWith(bytes, [0xff, 0xd8])) parts = jpegWithout(bytes);
  else if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) parts = pngWithout(bytes);
  else if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    parts = webpWithout(bytes);
  if (!parts) return file;
  return new Blob(
    parts.map((part) => part.slice()),
    { type: file.type },
  );
}
