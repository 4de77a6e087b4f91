// The rows shown around two teams of a table (issue #5).
import { describe, expect, it } from 'vitest';
import { rowsAround } from './match-insight.ts';

const table = (size: number) =>
  Array.from({ length: size }, (_, index) => ({ position: index + 1, team: { id: 100 + index + 1 } }));
const positions = (rows: Array<{ position: number }>) => rows.map((row) => row.position);

describe('rowsAround', () => {
  it('shows a short table whole', () => {
    expect(positions(rowsAround(table(6), [101, 106]))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows each team with two neighbours either side, merged where they meet', () => {
    expect(positions(rowsAround(table(20), [104, 106]))).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(positions(rowsAround(table(20), [101, 120]))).toEqual([1, 2, 3, 18, 19, 20]);
    expect(positions(rowsAround(table(20), [110, 115], 1))).toEqual([9, 10, 11, 14, 15, 16]);
  });

  it('shows nothing of a table neither team is in', () => {
    expect(rowsAround(table(20), [999])).toEqual([]);
  });
});
