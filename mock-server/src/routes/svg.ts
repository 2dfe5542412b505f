/**
 * SVG images are accepted (portal.md section 5) but can carry scripts, event handlers and links
 * to other documents: every SVG is sanitised with DOMPurify's SVG profile before it is stored, and
 * served under a policy that runs nothing (register.ts's sendBinary). jsdom gives DOMPurify its
 * DOM; both load on the first SVG, so that the mock starts as fast without them.
 */
import type { UploadedFile } from './types.ts';
import { ApiFailure } from '../store/errors.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

type Sanitize = (svg: string) => string;
let sanitizer: Promise<Sanitize> | undefined;

async function loadSanitizer(): Promise<Sanitize> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const purify = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  return (svg) =>
    purify.sanitize(svg, {
      USE_PROFILES: { svg: true, svgFilters: true },
      // no outside document is ever fetched or linked to from a stored image
      FORBID_TAGS: ['a', 'use', 'image', 'foreignObject', 'script', 'style'],
      FORBID_ATTR: ['href', 'xlink:href'],
    });
}

/**
 * The SVG cleaned of scripts, handlers and links; a 400 naming the field when what is left is no
 * SVG image (not an SVG at all, or nothing but script).
 */
async function sanitizeSvg(svg: string, field: string): Promise<string> {
  sanitizer ??= loadSanitizer();
  const clean = (await sanitizer)(svg).trim();
  if (!/^<svg[\s>]/i.test(clean)) {
    throw new ApiFailure(400, `The file of "${field}" is not a valid SVG image`, [
      { path: field, message: 'invalid image' },
    ]);
  }
  // parsed as HTML, a root without its namespace stays without: a stored .svg file needs it
  return /^<svg[^>]*\sxmlns=/i.test(clean) ? clean : clean.replace(/^<svg/i, `<svg xmlns="${SVG_NS}"`);
}

/** An uploaded file as stored: an SVG sanitised, any other image as it came. */
export async function storableImage(file: UploadedFile, field: string): Promise<UploadedFile> {
  if (file.mimetype !== 'image/svg+xml') return file;
  const buffer = Buffer.from(await sanitizeSvg(file.buffer.toString('utf8'), field));
  return { ...file, buffer, size: buffer.length };
}

const DATA_URL = /^data:([a-z.+-]+\/[a-z.+-]+);base64,(.*)$/s;

/** A data URL image as stored (a favicon): an SVG one sanitised, any other as it came. */
export async function storableDataUrl<T extends string | null | undefined>(
  value: T,
  field: string,
): Promise<T> {
  const match = typeof value === 'string' ? DATA_URL.exec(value) : null;
  if (!match || match[1] !== 'image/svg+xml') return value;
  const clean = await sanitizeSvg(Buffer.from(match[2] ?? '', 'base64').toString('utf8'), field);
  return `data:image/svg+xml;base64,${Buffer.from(clean).toString('base64')}` as T;
}
