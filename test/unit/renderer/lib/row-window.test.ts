import { describe, expect, it } from 'vitest';
import { rowWindow } from '../../../../renderer/src/lib/row-window';

describe('rowWindow', () => {
  it('renders the rows a viewport shows and the overscan either side, not the whole list', () => {
    // 20,000 rows of 28 px, scrolled to row 1000, 560 px tall: rows 1000–1020 show.
    expect(rowWindow(20_000, 28_000, 560, 28, 8)).toEqual({ start: 992, end: 1029 });
  });

  it('starts at the top and stops at the last row', () => {
    expect(rowWindow(20_000, 0, 560, 28, 8)).toEqual({ start: 0, end: 29 });
    expect(rowWindow(30, 280, 560, 28, 8)).toEqual({ start: 2, end: 30 });
  });

  it('is empty for an empty list', () => {
    expect(rowWindow(0, 0, 560, 28)).toEqual({ start: 0, end: 0 });
    expect(rowWindow(10, -50, 0, 28, 0)).toEqual({ start: 0, end: 1 });
  });

  it('shows the end of a list that shrank under a viewport scrolled further than it now reaches', () => {
    // 1000 results scrolled to the bottom, then a search that finds 3: all three show.
    expect(rowWindow(3, 27_720, 84, 28, 8)).toEqual({ start: 0, end: 3 });
    // 100 rows of a 280 px viewport scrolled past their end: the last ten and the overscan show.
    expect(rowWindow(100, 1_000_000, 280, 28, 8)).toEqual({ start: 82, end: 100 });
  });
});
