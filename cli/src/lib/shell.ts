/** Command lines printed for people to copy: every word shell-quoted. */

/** A word as a POSIX shell reads it back: bare when safe, else in single quotes. */
export function quote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `A=1 B='x y' command arg 'a b'`: environment first, every word quoted. */
export function commandLine(
  command: string,
  args: readonly string[],
  env: Record<string, string> = {},
): string {
  return [...Object.entries(env).map(([key, value]) => `${key}=${quote(value)}`), command, ...args]
    .map((word, i) => (i < Object.keys(env).length ? word : quote(word)))
    .join(' ');
}
