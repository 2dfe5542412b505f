import { describe, expect, it } from 'vitest';
import { buildCsv, csvCell, csvFileName, csvText } from './csv';

describe('buildCsv', () => {
  it('starts with the UTF-8 byte order mark, separates with ";" and ends lines with CRLF', () => {
    const csv = buildCsv(
      [
        { header: 'Nom', value: (r: { name: string; n: number }) => r.name },
        { header: 'Nombre', value: (r: { name: string; n: number }) => r.n },
      ],
      [
        { name: 'Équipe été', n: 3 },
        { name: 'Zoé', n: 1054.43 },
      ],
    );
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('Nom;Nombre\r\nÉquipe été;3\r\nZoé;1054,43\r\n');
  });

  it('writes only the headers for an empty list', () => {
    expect(buildCsv([{ header: 'Libellé', value: () => '' }], [])).toBe('\uFEFFLibellé\r\n');
  });
});

describe('csvCell', () => {
  it('quotes a cell holding the separator, a quote, a line break or edge spaces', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('il a dit "oui"')).toBe('"il a dit ""oui"""');
    expect(csvCell('ligne 1\nligne 2')).toBe('"ligne 1\nligne 2"');
    expect(csvCell(' espace')).toBe('" espace"');
    expect(csvCell('simple')).toBe('simple');
  });
});

describe('csvText', () => {
  it('writes decimals with a comma and no thousands separator (a French spreadsheet reads a number)', () => {
    expect(csvText(1054.43)).toBe('1054,43');
    expect(csvText(1234567)).toBe('1234567');
    expect(csvText(-11.71)).toBe('-11,71');
    expect(csvText(Number.NaN)).toBe('');
  });

  it('writes dates as dd/mm/yyyy, with the time when there is one', () => {
    expect(csvText('2026-11-23')).toBe('23/11/2026');
    expect(csvText(new Date(2026, 0, 5))).toBe('05/01/2026');
    expect(csvText(new Date(2026, 0, 5, 14, 7))).toBe('05/01/2026 14:07');
    const instant = new Date(2026, 2, 9, 8, 30);
    expect(csvText(instant.toISOString())).toBe('09/03/2026 08:30');
  });

  it('writes empty values as empty cells and booleans in French', () => {
    expect(csvText(null)).toBe('');
    expect(csvText(undefined)).toBe('');
    expect(csvText(true)).toBe('Oui');
    expect(csvText(false)).toBe('Non');
  });

  it('keeps a text that a spreadsheet would run as a formula as text', () => {
    expect(csvText('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvText('@cmd')).toBe("'@cmd");
    expect(csvText('-12,5')).toBe('-12,5');
    expect(csvText('+33 6 12 34 56 78')).toBe("'+33 6 12 34 56 78");
    expect(csvText('-x')).toBe("'-x");
    expect(csvText('\tcmd')).toBe("'\tcmd");
    expect(csvText('\rcmd')).toBe("'\rcmd");
  });

  it('guards only a value starting like a formula: a sign alone, a sign inside, plain text stay as they are', () => {
    expect(csvText('-')).toBe('-');
    expect(csvText('+')).toBe('+');
    expect(csvText('a=b')).toBe('a=b');
    expect(csvText('Jean-Pierre')).toBe('Jean-Pierre');
    expect(csvText('')).toBe('');
  });
});

describe('buildCsv, empty cells', () => {
  it('writes an empty value as an empty cell, never a quote or a dash', () => {
    const csv = buildCsv(
      [
        { header: 'Nom', value: (r: { name: string; n: number | null }) => r.name },
        { header: 'Nombre', value: (r: { name: string; n: number | null }) => r.n },
      ],
      [{ name: 'Zoé', n: null }],
    );
    expect(csv.slice(1)).toBe('Nom;Nombre\r\nZoé;\r\n');
  });
});

describe('csvFileName', () => {
  it('names the file after the list (accents and spaces made safe) and the day', () => {
    expect(csvFileName('Sites industriels', new Date(2026, 10, 23))).toBe('sites-industriels-2026-11-23.csv');
    expect(csvFileName('Opérateurs d’été', new Date(2026, 0, 2))).toBe('operateurs-d-ete-2026-01-02.csv');
    expect(csvFileName('', new Date(2026, 0, 2))).toBe('export-2026-01-02.csv');
  });
});
