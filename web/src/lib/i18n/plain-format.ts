/**
 * Numbers and numeric dates in French and English without Intl's formatters. The first
 * Intl.NumberFormat or Intl.DateTimeFormat of a page loads the browser's locale data: 15 to 40 ms
 * on a desktop, four times that on a phone, inside the render of the first widget that shows a
 * figure (the home page's longest task). The few formats the dashboard writes are built here from
 * the same rules (CLDR's separators and month abbreviations, Intl's rounding of the shortest
 * decimal form, half away from zero); any other language, and numbers too large to round exactly,
 * go to Intl. plain-format.test.ts compares both on thousands of values.
 */

const SEPARATORS: Record<string, { group: string; decimal: string }> = {
  // a narrow no-break space between thousands, as CLDR writes French
  fr: { group: '\u202f', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

const intlNumbers = new Map<string, Intl.NumberFormat>();
function intlNumber(language: string, maxDigits: number): Intl.NumberFormat {
  const key = `${language} ${maxDigits}`;
  let format = intlNumbers.get(key);
  if (!format)
    intlNumbers.set(key, (format = new Intl.NumberFormat(language, { maximumFractionDigits: maxDigits })));
  return format;
}

/** `digits` of a whole number's decimal writing, grouped by three. */
function grouped(digits: string, separator: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    out = start > 0 ? `${separator}${digits.slice(start, end)}${out}` : `${digits.slice(start, end)}${out}`;
  }
  return out;
}

/**
 * `value` with at most `maxDigits` decimals, as `new Intl.NumberFormat(language, {
 * maximumFractionDigits })` writes it, for French and English.
 */
export function formatPlainNumber(value: number, language: string, maxDigits = 0): string {
  const separators = SEPARATORS[language];
  const abs = Math.abs(value);
  const scale = 10 ** maxDigits;
  // beyond 2^53 the scaled value is not exact; tiny values would need an exponent to write
  if (!separators || !Number.isFinite(value) || abs * scale >= Number.MAX_SAFE_INTEGER) {
    return intlNumber(language, maxDigits).format(value);
  }
  const negative = value < 0 || Object.is(value, -0);
  // rounded on the shortest decimal writing of the value, as Intl does (1.005 -> 1.01)
  const scaled = abs < 1e-6 ? 0 : Math.round(Number(`${abs}e${maxDigits}`));
  const whole = Math.floor(scaled / scale);
  const fraction =
    maxDigits > 0
      ? String(scaled - whole * scale)
          .padStart(maxDigits, '0')
          .replace(/0+$/, '')
      : '';
  const text =
    grouped(String(whole), separators.group) + (fraction ? `${separators.decimal}${fraction}` : '');
  return negative ? `-${text}` : text;
}

const MONTHS: Record<string, readonly string[]> = {
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

const two = (n: number) => String(n).padStart(2, '0');

/** The date kinds the dashboard writes, with the Intl options each stands for. */
export const DATE_KINDS = {
  date: { day: '2-digit', month: '2-digit', year: 'numeric' },
  month: { month: 'short', year: '2-digit' },
  hour: { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateKind = keyof typeof DATE_KINDS;

const intlDates = new Map<string, Intl.DateTimeFormat>();

/** A date in the browser's time zone as `new Intl.DateTimeFormat(language, DATE_KINDS[kind])` writes it. */
export function formatPlainDate(date: Date, language: string, kind: DateKind): string {
  const months = MONTHS[language];
  if (!months || Number.isNaN(date.getTime())) {
    const key = `${language} ${kind}`;
    let format = intlDates.get(key);
    if (!format) intlDates.set(key, (format = new Intl.DateTimeFormat(language, DATE_KINDS[kind])));
    return format.format(date);
  }
  const [day, month, year] = [two(date.getDate()), two(date.getMonth() + 1), date.getFullYear()];
  const english = language === 'en';
  switch (kind) {
    case 'date':
      return english ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
    case 'month':
      return `${months[date.getMonth()]} ${two(year % 100)}`;
    case 'hour': {
      const minutes = two(date.getMinutes());
      if (!english) return `${day}/${month} ${two(date.getHours())}:${minutes}`;
      const hours = date.getHours() % 12 || 12;
      return `${month}/${day}, ${two(hours)}:${minutes} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
    }
  }
}
