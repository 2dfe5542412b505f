/** Colour helpers: the text colour that reads best on a theme colour (WCAG contrast). */
function channels(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const value = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number | null {
  const rgb = channels(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever contrasts more with the background. */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  const onWhite = contrastRatio(background, '#ffffff') ?? 21;
  const onBlack = contrastRatio(background, '#000000') ?? 0;
  return onWhite >= onBlack ? '#ffffff' : '#000000';
}

export const isColor = (value: unknown): value is string =>
  typeof value === 'string' && channels(value) !== null;
