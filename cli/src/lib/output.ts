/** Printing: tables and lines for people, JSON for scripts, progress on stderr. */

export interface Column<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
  align?: 'left' | 'right';
}

const useColour = (stream: NodeJS.WriteStream): boolean =>
  Boolean(stream.isTTY) && !('NO_COLOR' in process.env) && process.env.TERM !== 'dumb';

const paint =
  (code: number) =>
  (text: string, stream: NodeJS.WriteStream = process.stdout) =>
    useColour(stream) ? `\u001b[${code}m${text}\u001b[0m` : text;
export const green = paint(32);
export const red = paint(31);
export const yellow = paint(33);
export const dim = paint(2);

export const OK = '✓';
export const KO = '✗';

/** Visible width: ignores colour codes. */
function width(text: string): number {
  // eslint-disable-next-line no-control-regex
  return [...text.replace(/\u001b\[[0-9;]*m/g, '')].length;
}

function pad(text: string, size: number, align: 'left' | 'right' = 'left'): string {
  const gap = ' '.repeat(Math.max(0, size - width(text)));
  return align === 'right' ? gap + text : text + gap;
}

/** Renders rows as an aligned text table with a header line. */
export function table<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) => columns.map((column) => format(column.value(row))));
  const sizes = columns.map((column, i) =>
    Math.max(width(column.header), ...cells.map((line) => width(line[i] ?? ''))),
  );
  const line = (values: string[]) =>
    values
      .map((value, i) => pad(value, sizes[i] ?? 0, columns[i]?.align))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), line(sizes.map((s) => '-'.repeat(s))), ...cells.map(line)].join(
    '\n',
  );
}

function format(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

export function print(text = ''): void {
  process.stdout.write(`${text}\n`);
}

export function printJson(data: unknown): void {
  process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
}

/** A note for people, on stderr so that stdout stays clean for scripts. */
export function note(text: string): void {
  process.stderr.write(`${text}\n`);
}

/**
 * Progress for long work, on stderr: a spinner on a terminal, plain lines otherwise.
 * `done()` ends it with a final line.
 */
export function progress(label: string): { update(text: string): void; done(text?: string): void } {
  const stream = process.stderr;
  if (!stream.isTTY) {
    // a log, not a terminal: the label, then at most one line every few seconds
    stream.write(`${label}…\n`);
    let last = Date.now();
    return {
      update(text) {
        if (Date.now() - last < 3000) return;
        last = Date.now();
        stream.write(`  ${text}\n`);
      },
      done: (text) => text && stream.write(`${text}\n`),
    };
  }
  const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
  let frame = 0;
  let current = label;
  const render = () => stream.write(`\r\u001b[2K${frames[frame++ % frames.length]} ${current}`);
  render();
  const timer = setInterval(render, 80);
  return {
    update(text) {
      current = `${label}: ${text}`;
    },
    done(text) {
      clearInterval(timer);
      stream.write(`\r\u001b[2K${text ? `${text}\n` : ''}`);
    },
  };
}
