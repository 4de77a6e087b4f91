import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FjelstulFileError, parseCsv, parseCsvRows } from './fjelstul-csv.ts';
import { matchSchema, playerSchema } from './fjelstul.schemas.ts';

describe('parseCsv', () => {
  it('splits plain lines, quoted fields with commas, doubled quotes and line breaks, CRLF and a BOM', () => {
    const text = '\uFEFFa,b,c\r\n1,"Washington, D.C.",x\n2,"say ""hi""","two\nlines"\n\n3,,\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'Washington, D.C.', 'x'] },
      { line: 3, fields: ['2', 'say "hi"', 'two\nlines'] },
      { line: 6, fields: ['3', '', ''] },
    ]);
  });

  it('reads a last line without a line end', () => {
    expect(parseCsv('a,b\n1,"2"')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
    ]);
  });

  it('rejects an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a,b\n1,"open\n', 'x.csv')).toThrow(
      new FjelstulFileError('x.csv line 2: a quoted field is never closed'),
    );
    expect(() => parseCsv('a,b\n1,"closed"late\n', 'x.csv')).toThrow(/x\.csv line 2: text after a closing quote/);
  });
});

describe('parseCsvRows', () => {
  const schema = z.object({ id: z.string().regex(/^P-\d+$/), n: z.string().regex(/^\d+$/).transform(Number) });

  it('parses the columns the schema names and ignores the others', () => {
    expect(parseCsvRows('key,id,n,extra\n1,P-1,7,zz\n', 'p.csv', schema)).toEqual([{ id: 'P-1', n: 7 }]);
  });

  it('fails with the file, line, column and value of a bad field', () => {
    expect(() => parseCsvRows('id,n\nP-1,7\nP-2,seven\n', 'p.csv', schema)).toThrow(
      /^p\.csv line 3: column "n" .*\(got "seven"\)$/,
    );
  });

  it('fails on a missing column, a short row and an empty file', () => {
    expect(() => parseCsvRows('id\nP-1\n', 'p.csv', schema)).toThrow('p.csv: missing column "n"');
    expect(() => parseCsvRows('id,n\nP-1\n', 'p.csv', schema)).toThrow('p.csv line 2: 1 fields where the header has 2');
    expect(() => parseCsvRows('', 'p.csv', schema)).toThrow('p.csv: the file is empty');
  });

  it('reads "not applicable" and "not available" as no value', () => {
    const rows = parseCsvRows(
      'player_id,family_name,given_name,birth_date\nP-00001,Pelé,not applicable,1940-10-23\nP-00002,Smith,John,not available\n',
      'players.csv',
      playerSchema,
    );
    expect(rows).toEqual([
      { player_id: 'P-00001', family_name: 'Pelé', given_name: null, birth_date: '1940-10-23' },
      { player_id: 'P-00002', family_name: 'Smith', given_name: 'John', birth_date: null },
    ]);
  });

  it('rejects a match with an unknown stage', () => {
    const header = Object.keys(matchSchema.shape).join(',');
    const row =
      'WC-1930,M-1930-01,quarter final,not applicable,0,0,0,1930-07-13,15:00,S-193,Montevideo,Uruguay,T-28,T-44,4,1,0,0,0,0';
    expect(() => parseCsvRows(`${header}\n${row}\n`, 'matches.csv', matchSchema)).toThrow(
      /matches\.csv line 2: column "stage_name" .*\(got "quarter final"\)/,
    );
  });
});
