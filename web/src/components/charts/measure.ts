/**
 * Text widths as the browser draws them (a canvas measures in the page's font), so that axis
 * labels are cut and thinned only when they must be; where no canvas can measure (tests), the
 * upper estimate of scale.ts.
 */
import { textWidth, type Measure } from './scale';

let context: CanvasRenderingContext2D | null | undefined;

function canvas(): CanvasRenderingContext2D | null {
  if (context === undefined) {
    try {
      context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
  }
  return context;
}

let pageFamily: string | undefined;

/** The font family of an element; the page's is read once (each read may force a style recalculation). */
function familyOf(element?: Element | null): string {
  if (typeof getComputedStyle !== 'function') return '';
  if (element) return getComputedStyle(element).fontFamily;
  pageFamily ??= getComputedStyle(document.body).fontFamily;
  return pageFamily;
}

/** A measure of text at `fontSize` in the font of `element` (the page's when not given). */
export function measureFor(fontSize: number, element?: Element | null): Measure {
  const ctx = canvas();
  const family = familyOf(element);
  if (!ctx || !family) return (text) => textWidth(text, fontSize);
  const font = `${fontSize}px ${family}`;
  const cache = new Map<string, number>();
  return (text) => {
    let width = cache.get(text);
    if (width === undefined) {
      ctx.font = font;
      width = ctx.measureText(text).width;
      cache.set(text, width);
    }
    return width;
  };
}
