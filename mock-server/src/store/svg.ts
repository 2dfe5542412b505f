/**
 * SVG images are accepted (portal.md section 5) but can carry scripts, event handlers, links to
 * other documents and entity bombs. Every SVG is rebuilt before it is stored: one pass over the text
 * reads its elements, and the stored image is written anew from the allowed elements and attributes
 * only (names from a fixed list, values escaped), so nothing of the input reaches the output unread.
 * The work is bounded: the size (SVG_MAX_BYTES, 413) and the nesting (SVG_MAX_DEPTH, 415) are checked
 * as the text is read, and the pass is linear in the size, so one upload never holds the mock.
 * Served under a policy that runs nothing (register.ts's sendBinary).
 */
import { ApiFailure } from './errors.ts';

/** The largest SVG image taken, in bytes: a logo or a sketch is far below it. */
const SVG_MAX_BYTES = 512 * 1024;
/** The deepest nesting of elements taken. */
const SVG_MAX_DEPTH = 64;

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The longest the reader works before it lets other calls run, in milliseconds. */
const SLICE_MS = 20;

/** The elements kept (SVG's drawing, text, gradient, clipping and filter elements). */
const ELEMENT_NAMES = [
  'svg',
  'g',
  'defs',
  'desc',
  'title',
  'symbol',
  'circle',
  'ellipse',
  'line',
  'path',
  'polygon',
  'polyline',
  'rect',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];
const ELEMENTS = new Set(ELEMENT_NAMES.map((name) => name.toLowerCase()));
/** Elements dropped without their content being dropped (a link around a drawing keeps the drawing). */
const UNWRAPPED = new Set(['a', 'switch']);
/** Elements whose text is kept. */
const WITH_TEXT = new Set(['text', 'tspan', 'title', 'desc']);

/** The attributes kept: geometry, paint, text and filter parameters; no handler, no link, no style. */
const ATTRIBUTE_NAMES = [
  'id',
  'class',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'width',
  'height',
  'd',
  'points',
  'pathLength',
  'transform',
  'viewBox',
  'preserveAspectRatio',
  'version',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'stroke-miterlimit',
  'opacity',
  'color',
  'display',
  'visibility',
  'vector-effect',
  'shape-rendering',
  'text-rendering',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'writing-mode',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clip-path',
  'clip-rule',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'maskContentUnits',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'marker-start',
  'marker-mid',
  'marker-end',
  'filter',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'values',
  'type',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'radius',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'surfaceScale',
  'diffuseConstant',
  'specularConstant',
  'specularExponent',
  'kernelMatrix',
  'order',
  'divisor',
  'bias',
  'targetX',
  'targetY',
  'edgeMode',
  'preserveAlpha',
  'azimuth',
  'elevation',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'limitingConeAngle',
  'z',
];
const ATTRIBUTES = new Set(ATTRIBUTE_NAMES.map((name) => name.toLowerCase()));

/** The element and attribute names as SVG spells them, by their lower case. */
const SPELLING = new Map(
  [...ELEMENT_NAMES, ...ATTRIBUTE_NAMES]
    .filter((name) => name !== name.toLowerCase())
    .map((name) => [name.toLowerCase(), name] as const),
);
const spelled = (name: string) => SPELLING.get(name) ?? name;

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The text with XML's predefined and numeric references read; any other `&name;` stays as written. */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Whether an attribute value may be kept: no reference to another document, no script. */
function safeValue(value: string): boolean {
  const plain = value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
  if (/javascript:|vbscript:|data:|expression\(/.test(plain)) return false;
  // paint and clip references point into the image itself only: url(#id)
  return !/url\((?!['"]?#)/.test(plain);
}

function invalid(field: string): ApiFailure {
  return new ApiFailure(400, `The file of "${field}" is not a valid SVG image`, [
    { path: field, message: 'invalid image' },
  ]);
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const SPACE = /\s*/y;
const ATTRIBUTE = /([^\s=/>"']+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/y;

/** What the reader keeps of one open element. */
interface Open {
  name: string;
  /** written to the output (false: dropped, or unwrapped) */
  kept: boolean;
  /** its content is dropped with it */
  dropsContent: boolean;
}

/** Where the text `end` is found from `from`, or a 400 (an unclosed comment, CDATA or declaration). */
function find(svg: string, end: string, from: number, field: string): number {
  const at = svg.indexOf(end, from);
  if (at < 0) throw invalid(field);
  return at + end.length;
}

/**
 * The SVG rebuilt from its allowed elements and attributes; 413 over SVG_MAX_BYTES, 415 nested deeper
 * than SVG_MAX_DEPTH, 400 naming the field when it is no SVG image (not XML, no svg root).
 */
async function sanitizeSvg(svg: string, field: string): Promise<string> {
  if (Buffer.byteLength(svg) > SVG_MAX_BYTES)
    throw new ApiFailure(413, `The SVG image of "${field}" is larger than ${SVG_MAX_BYTES} bytes`, [
      { path: field, message: 'too large' },
    ]);
  const out: string[] = [];
  const stack: Open[] = [];
  let rooted = false;
  let closedRoot = false;
  let i = 0;
  let droppedDepth = 0;
  let slice = performance.now();
  while (i < svg.length) {
    // a long image is read in slices: other calls are answered in between
    if (performance.now() - slice > SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      slice = performance.now();
    }
    const lt = svg.indexOf('<', i);
    const text = svg.slice(i, lt < 0 ? svg.length : lt);
    if (text) {
      const top = stack[stack.length - 1];
      if (top?.kept && droppedDepth === 0 && WITH_TEXT.has(top.name)) out.push(escape(decode(text)));
      else if (!top && text.trim() && closedRoot) throw invalid(field);
    }
    if (lt < 0) break;
    if (svg.startsWith('<!--', lt)) i = find(svg, '-->', lt + 4, field);
    else if (svg.startsWith('<![CDATA[', lt)) i = find(svg, ']]>', lt + 9, field);
    else if (svg.startsWith('<?', lt)) i = find(svg, '?>', lt + 2, field);
    else if (svg.startsWith('<!', lt)) {
      // a DOCTYPE, with its internal subset (entity declarations) if any: dropped whole
      const bracket = svg.indexOf('[', lt);
      const close = svg.indexOf('>', lt);
      if (close < 0) throw invalid(field);
      i = bracket >= 0 && bracket < close ? find(svg, ']', bracket, field) : close;
      i = find(svg, '>', i, field);
    } else if (svg[lt + 1] === '/') {
      NAME.lastIndex = lt + 2;
      const match = NAME.exec(svg);
      if (!match) throw invalid(field);
      const open = stack.pop();
      if (!open || open.name !== match[0].toLowerCase()) throw invalid(field);
      if (open.dropsContent) droppedDepth--;
      if (open.kept && droppedDepth === 0) out.push(`</${spelled(open.name)}>`);
      if (stack.length === 0) closedRoot = true;
      i = find(svg, '>', NAME.lastIndex, field);
    } else {
      NAME.lastIndex = lt + 1;
      const match = NAME.exec(svg);
      if (!match) throw invalid(field);
      const name = match[0].toLowerCase();
      let at = NAME.lastIndex;
      const attributes: string[] = [];
      for (;;) {
        SPACE.lastIndex = at;
        SPACE.exec(svg);
        at = SPACE.lastIndex;
        if (svg[at] === '>' || svg.startsWith('/>', at) || at >= svg.length) break;
        ATTRIBUTE.lastIndex = at;
        const attribute = ATTRIBUTE.exec(svg);
        if (!attribute || ATTRIBUTE.lastIndex === at) throw invalid(field);
        at = ATTRIBUTE.lastIndex;
        const attributeName = (attribute[1] as string).toLowerCase();
        const value = decode(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
        if (ATTRIBUTES.has(attributeName) && safeValue(value))
          attributes.push(` ${spelled(attributeName)}="${escape(value)}"`);
      }
      if (at >= svg.length) throw invalid(field);
      const selfClosing = svg[at] === '/';
      i = at + (selfClosing ? 2 : 1);
      if (stack.length === 0) {
        if (closedRoot || name !== 'svg') throw invalid(field);
        rooted = true;
      }
      if (stack.length + 1 > SVG_MAX_DEPTH)
        throw new ApiFailure(
          415,
          `Unsupported SVG image for "${field}": its elements nest deeper than ${SVG_MAX_DEPTH} levels`,
          [{ path: field, message: 'nested too deep' }],
        );
      const kept = ELEMENTS.has(name) && droppedDepth === 0;
      const dropsContent = !ELEMENTS.has(name) && !UNWRAPPED.has(name);
      if (kept) {
        const root = stack.length === 0 ? ` xmlns="${SVG_NS}"` : '';
        out.push(`<${spelled(name)}${root}${attributes.join('')}${selfClosing ? '/>' : '>'}`);
      }
      if (!selfClosing) {
        stack.push({ name, kept, dropsContent });
        if (dropsContent) droppedDepth++;
      } else if (stack.length === 0) closedRoot = true;
    }
  }
  if (!rooted || stack.length > 0) throw invalid(field);
  return out.join('');
}

/** An uploaded file as stored: an SVG rebuilt, any other image as it came. */
export async function storableImage<F extends { mimetype: string; buffer: Buffer; size: number }>(
  file: F,
  field: string,
): Promise<F> {
  if (file.mimetype !== 'image/svg+xml') return file;
  const buffer = Buffer.from(await sanitizeSvg(file.buffer.toString('utf8'), field));
  return { ...file, buffer, size: buffer.length };
}

const DATA_URL = /^data:([a-z.+-]+\/[a-z.+-]+);base64,(.*)$/s;

/** A data URL image as stored (a favicon): an SVG one rebuilt, any other as it came. */
export async function storableDataUrl<T extends string | null | undefined>(
  value: T,
  field: string,
): Promise<T> {
  const match = typeof value === 'string' ? DATA_URL.exec(value) : null;
  if (!match || match[1] !== 'image/svg+xml') return value;
  const clean = await sanitizeSvg(Buffer.from(match[2] ?? '', 'base64').toString('utf8'), field);
  return `data:image/svg+xml;base64,${Buffer.from(clean).toString('base64')}` as T;
}
