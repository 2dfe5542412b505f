/**
 * Icons drawn as inline SVG, for the glyphs that many systems have no font for (the wastebasket
 * and magnifier emoji, the pencil, power and full-screen symbols showed as empty boxes on a Linux desktop without an
 * emoji font). Decorative: the control around an icon carries its name.
 */
const PATHS = {
  trash: 'M2.5 4h11M6 4V2.5h4V4M3.5 4l.8 9.5h7.4l.8-9.5M6.5 6.5v5M9.5 6.5v5',
  power: 'M8 1.5v6M4.6 3.6a5.5 5.5 0 1 0 6.8 0',
  fullscreen: 'M1.5 5.5v-4h4M10.5 1.5h4v4M14.5 10.5v4h-4M5.5 14.5h-4v-4',
  search: 'M6.8 11.6a4.8 4.8 0 1 0 0-9.6 4.8 4.8 0 0 0 0 9.6ZM10.3 10.3l4.2 4.2',
  user: 'M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM2.5 14.5c.6-2.8 2.8-4.5 5.5-4.5s4.9 1.7 5.5 4.5',
  pencil: 'M11 2.5l2.5 2.5-8 8H3v-2.5l8-8ZM9.5 4l2.5 2.5',
} as const;

export type IconName = keyof typeof PATHS;

export const isIconName = (value: string): value is IconName => Object.hasOwn(PATHS, value);

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="icon"
      data-icon={name}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** A menu or button icon given as a text glyph or as the name of a drawn icon. */
export function Glyph({ icon }: { icon: string }) {
  return isIconName(icon) ? <Icon name={icon} /> : <>{icon}</>;
}
