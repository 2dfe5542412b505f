/**
 * A real JPEG (16 × 12 pixels, made by Chromium's encoder) with an EXIF segment built here: the
 * time it was taken (DateTimeOriginal, OffsetTimeOriginal) and where (GPS latitude and longitude),
 * as a phone's camera writes them. For the tests of the photo's EXIF reading and stripping.
 */
const PLAIN_JPEG =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAMABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABAMG/8QAFxAAAwEAAAAAAAAAAAAAAAAAAAEDAv/EABQBAQAAAAAAAAAAAAAAAAAAAAX/xAAYEQACAwAAAAAAAAAAAAAAAAAAAgQFIf/aAAwDAQACEQMRAD8Awldg67K1bB1bH6uGuD9jKbT/2Q==';

/** The JPEG without any EXIF. */
export function plainJpeg(): Uint8Array {
  return Uint8Array.from(atob(PLAIN_JPEG), (c) => c.charCodeAt(0));
}

const ASCII = 2;
const LONG = 4;
const RATIONAL = 5;

interface Entry {
  tag: number;
  type: number;
  count: number;
  /** the value's bytes (little-endian); placed inline when 4 bytes or fewer */
  bytes: Uint8Array;
}

const ascii = (tag: number, text: string): Entry => {
  const bytes = new TextEncoder().encode(`${text}\0`);
  return { tag, type: ASCII, count: bytes.length, bytes };
};

/** Degrees as EXIF writes them: degrees, minutes, seconds, each a rational. */
const dms = (tag: number, decimal: number): Entry => {
  const abs = Math.abs(decimal);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 10_000);
  const bytes = new Uint8Array(24);
  const view = new DataView(bytes.buffer);
  [degrees, 1, minutes, 1, seconds, 10_000].forEach((n, i) => view.setUint32(i * 4, n, true));
  return { tag, type: RATIONAL, count: 3, bytes };
};

const long = (tag: number, value: number): Entry => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return { tag, type: LONG, count: 1, bytes };
};

/** Writes the IFDs one after the other, each followed by its values; answers the TIFF bytes. */
function tiff(ifds: Entry[][], pointers: { from: number; tag: number; to: number }[]): Uint8Array {
  const out = new Uint8Array(1024);
  const view = new DataView(out.buffer);
  out.set([0x49, 0x49, 0x2a, 0x00]);
  view.setUint32(4, 8, true);
  const starts: number[] = [];
  let at = 8;
  // first pass: where each IFD starts
  for (const entries of ifds) {
    starts.push(at);
    at += 2 + entries.length * 12 + 4;
    for (const entry of entries)
      if (entry.bytes.length > 4) at += entry.bytes.length + (entry.bytes.length % 2);
  }
  ifds.forEach((entries, index) => {
    let place = starts[index] as number;
    view.setUint16(place, entries.length, true);
    let values = place + 2 + entries.length * 12 + 4;
    place += 2;
    for (const entry of entries) {
      const pointer = pointers.find((p) => p.from === index && p.tag === entry.tag);
      const bytes = pointer ? long(entry.tag, starts[pointer.to] as number).bytes : entry.bytes;
      view.setUint16(place, entry.tag, true);
      view.setUint16(place + 2, entry.type, true);
      view.setUint32(place + 4, entry.count, true);
      if (bytes.length <= 4) out.set(bytes, place + 8);
      else {
        view.setUint32(place + 8, values, true);
        out.set(bytes, values);
        values += bytes.length + (bytes.length % 2);
      }
      place += 12;
    }
    view.setUint32(place, 0, true);
  });
  return out.subarray(0, at);
}

interface ExifFields {
  /** as EXIF writes it: `2026:11:28 09:41:07` */
  takenAt?: string;
  /** `+01:00` */
  offset?: string;
  lat?: number;
  lng?: number;
}

/** The JPEG with an APP1 EXIF segment holding these fields, right after its start marker. */
export function jpegWithExif(fields: ExifFields): Uint8Array {
  const ifd0: Entry[] = [];
  const exif: Entry[] = [];
  const gps: Entry[] = [];
  if (fields.takenAt) exif.push(ascii(0x9003, fields.takenAt));
  if (fields.offset) exif.push(ascii(0x9011, fields.offset));
  if (fields.lat !== undefined && fields.lng !== undefined) {
    gps.push(ascii(0x0001, fields.lat >= 0 ? 'N' : 'S'), dms(0x0002, fields.lat));
    gps.push(ascii(0x0003, fields.lng >= 0 ? 'E' : 'W'), dms(0x0004, fields.lng));
  }
  const ifds: Entry[][] = [ifd0];
  const pointers: { from: number; tag: number; to: number }[] = [];
  if (exif.length) {
    ifd0.push(long(0x8769, 0));
    pointers.push({ from: 0, tag: 0x8769, to: ifds.push(exif) - 1 });
  }
  if (gps.length) {
    ifd0.push(long(0x8825, 0));
    pointers.push({ from: 0, tag: 0x8825, to: ifds.push(gps) - 1 });
  }
  const body = tiff(ifds, pointers);
  const segment = new Uint8Array(4 + 6 + body.length);
  segment.set([0xff, 0xe1, ((segment.length - 2) >> 8) & 0xff, (segment.length - 2) & 0xff]);
  segment.set(new TextEncoder().encode('Exif\0\0'), 4);
  segment.set(body, 10);
  const plain = plainJpeg();
  const out = new Uint8Array(plain.length + segment.length);
  out.set(plain.subarray(0, 2));
  out.set(segment, 2);
  out.set(plain.subarray(2), 2 + segment.length);
  return out;
}
