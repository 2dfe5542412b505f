/** The arithmetic of the in-house charts: round axis ticks, linear and band positions, label thinning. */

export interface Ticks {
  /** the axis runs from min to max (both are ticks) */
  min: number;
  max: number;
  step: number;
  values: number[];
}

const decimalsOf = (step: number) => {
  if (Number.isInteger(step)) return 0;
  const text = step.toExponential();
  const [mantissa = '', exponent = '0'] = text.split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
};

/**
 * Round ticks covering [lo, hi]: steps of 1, 2, 2.5 or 5 times a power of ten, about `count`
 * intervals. `integer` keeps whole steps (counts); `includeZero` starts a positive axis at 0.
 */
export function niceTicks(
  lo: number,
  hi: number,
  { count = 4, integer = false, includeZero = false } = {},
): Ticks {
  let low = Math.min(lo, hi);
  let high = Math.max(lo, hi);
  if (!Number.isFinite(low) || !Number.isFinite(high)) {
    low = 0;
    high = 1;
  }
  if (includeZero) {
    low = Math.min(low, 0);
    high = Math.max(high, 0);
  }
  if (low === high) {
    // one value: an axis around it (or 0..1 for nothing but zeros)
    const pad = low === 0 ? 1 : Math.abs(low) * 0.1;
    high += pad;
    if (!(includeZero && low === 0)) low -= low === 0 ? 0 : pad;
  }
  const rough = (high - low) / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const residual = rough / magnitude;
  const factors = integer || magnitude >= 1 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  let step = (factors.find((f) => residual <= f) ?? 10) * magnitude;
  if (integer) step = Math.max(1, Math.round(step));
  const decimals = decimalsOf(step);
  const round = (v: number) => Number(v.toFixed(decimals));
  const min = round(Math.floor(low / step + 1e-9) * step);
  const max = round(Math.ceil(high / step - 1e-9) * step);
  const values: number[] = [];
  for (let i = 0; min + i * step <= max + step / 2; i++) values.push(round(min + i * step));
  return { min, max, step, values };
}

/** A linear map from a domain to a range (pixels). */
export function linear([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]) {
  const span = d1 - d0 || 1;
  return (value: number) => r0 + ((value - d0) / span) * (r1 - r0);
}

/** Evenly spaced points from start to end (a line's x positions); one point sits in the middle. */
export function points(count: number, start: number, end: number): number[] {
  if (count <= 0) return [];
  if (count === 1) return [(start + end) / 2];
  const step = (end - start) / (count - 1);
  return Array.from({ length: count }, (_, i) => start + i * step);
}

/** Equal bands from start to end with a gap between them (bars): each band's offset and size. */
export function bands(
  count: number,
  start: number,
  end: number,
  padding = 0.2,
): { offset: number; size: number }[] {
  if (count <= 0) return [];
  const slot = (end - start) / count;
  const size = slot * (1 - padding);
  return Array.from({ length: count }, (_, i) => ({ offset: start + i * slot + (slot - size) / 2, size }));
}

/** About how wide a label is drawn at a font size (an upper estimate: 0.6 em per character). */
export const textWidth = (text: string, fontSize = 11) => text.length * fontSize * 0.6;

/** How wide a text is drawn, in pixels. */
export type Measure = (text: string) => number;

/**
 * Show every n-th of `count` labels so that none overlaps: n = 1 when each label fits in its slot.
 */
export function labelStep(count: number, slotWidth: number, widestLabel: number, gap = 8): number {
  if (count <= 1 || slotWidth <= 0) return 1;
  return Math.max(1, Math.ceil((widestLabel + gap) / slotWidth));
}

/** A label cut to at most `width` pixels, ending with an ellipsis when cut. */
export function fitLabel(text: string, width: number, measure: Measure = (t) => textWidth(t)): string {
  if (measure(text) <= width) return text;
  let chars = text.length - 1;
  while (chars > 1 && measure(`${text.slice(0, chars).trimEnd()}…`) > width) chars--;
  return `${text.slice(0, chars).trimEnd()}…`;
}
