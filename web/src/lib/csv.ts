/**
 * CSV for a French spreadsheet (Excel, LibreOffice with French settings): separator ';', UTF-8 with a
 * byte order mark (without it Excel reads the accents as Latin-1), lines ended by CRLF, dates as
 * dd/mm/yyyy (hh:mm when there is a time), decimals with a comma and no thousands separator (a
 * spreadsheet then reads the cell as a number).
 */
export type CsvValue = string | number | boolean | Date | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

const pad = (n: number) => String(n).padStart(2, '0');

function frenchDate(date: Date): string {
  const day = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
  if (date.getHours() === 0 && date.getMinutes() === 0 && date.getSeconds() === 0) return day;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const frenchNumber = (value: number): string =>
  Number.isFinite(value)
    ? new Intl.NumberFormat('fr-FR', { useGrouping: false, maximumFractionDigits: 20 })
        .format(value)
        .replace('\u2212', '-')
    : '';

/** One value as a French spreadsheet reads it (not yet quoted). */
export function csvText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : frenchDate(value);
  if (typeof value === 'number') return frenchNumber(value);
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  const dateOnly = ISO_DATE.exec(value);
  // a calendar day stays that day (new Date('2026-11-23') would be midnight UTC, the day before in America)
  if (dateOnly) return `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}`;
  if (ISO_DATE_TIME.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return frenchDate(date);
  }
  // a text a spreadsheet would run as a formula (=, +, -, @, tab or CR first) is kept as text; a
  // number, or a sign alone, is no formula and is written as it is
  if (/^[=+\-@\t\r]./s.test(value) && !/^-?\d+([.,]\d+)?$/.test(value)) return `'${value}`;
  return value;
}

/** A cell: quoted when it holds the separator, a quote, a line break or edge spaces. */
export function csvCell(value: CsvValue): string {
  const text = csvText(value);
  return /[";\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: byte order mark, the header line, one line per row. */
export function buildCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [
    columns.map((column) => csvCell(column.header)),
    ...rows.map((row) => columns.map((column) => csvCell(column.value(row)))),
  ].map((cells) => cells.join(CSV_SEPARATOR));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** 'Sites industriels' on 23 Nov 2026 → 'sites-industriels-2026-11-23.csv'. */
export function csvFileName(listName: string, date: Date = new Date()): string {
  const slug = listName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${slug || 'export'}-${day}.csv`;
}
