import { describe, expect, it } from 'vitest';
import { csvCell, csvFile } from './csv';

describe('CSV cells', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Acme CRM')).toBe('Acme CRM');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvCell('The "best" app')).toBe('"The ""best"" app"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('keeps a would-be formula text with a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
    expect(csvCell('+1 app')).toBe("'+1 app");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    // Only the start counts.
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('a CSV file', () => {
  it('has a byte-order mark, a header and CRLF between records', () => {
    expect(
      csvFile(
        ['App', 'People'],
        [
          ['Acme', 3],
          ['=cmd', null],
        ],
      ),
    ).toBe("\uFEFFApp,People\r\nAcme,3\r\n'=cmd,\r\n");
  });
});
