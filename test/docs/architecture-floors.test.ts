/**
 * docs/architecture.md draws the floors of the layer map (eslint/layers.js): each floor is a row
 * `| name | files | may import | why |` of its layer's table, so the picture stays true when the
 * map changes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { layers, type Floor } from '../../eslint/layers.js';

const page = readFileSync('docs/architecture.md', 'utf8');

/** The row a floor has on the page: its name, files, the floors it may import. */
function rowOf(floor: Floor): string[] {
  const mayImport =
    floor.mayImport === '*'
      ? 'any floor'
      : floor.mayImport.length === 0
        ? 'none'
        : floor.mayImport.join(', ');
  return [
    `${floor.name}${floor.apart ? ' (each folder apart)' : ''}`,
    floor.files.map((file) => `\`${file}\``).join(', '),
    mayImport,
  ];
}

/** The first three cells of every table row on the page. */
const rows = page
  .split('\n')
  .filter((line) => line.startsWith('|'))
  .map((line) =>
    line
      .split('|')
      .slice(1, 4)
      .map((cell) => cell.trim()),
  );

describe('docs/architecture.md', () => {
  const floors = layers.flatMap((layer) => layer.floors ?? []);

  it.each(floors.map((floor) => [floor.name, floor] as const))(
    'draws the floor %s as the map holds it',
    (_name, floor) => {
      expect(rows).toContainEqual(rowOf(floor));
    },
  );
});
