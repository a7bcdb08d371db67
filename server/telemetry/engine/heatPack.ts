// Heat cells as the database keeps them: one bytea per machine and day (or week) holding all its
// cells, 24 bytes each (two int32 cell indices, four float32 sums, big-endian as PostgreSQL's int4send and
// float4send write them, so that SQL can build and read them too). A month of a thousand machines
// is then some ten thousand values to concatenate and sum here, not a third of a million rows to
// group in SQL (measured on PGlite: 230–370 ms as rows, about 115 ms packed; bench/heatmap.ts).

/** What one cell holds over a day or a week. */
export interface CellSums {
  latCell: number;
  lngCell: number;
  workingS: number;
  movingS: number;
  /** Speed times moving seconds: divided by movingS, the mean travelling speed. */
  speedSumKmhS: number;
  maxSpeedKmh: number;
}

const CELL_BYTES = 24;

export function packCells(cells: readonly CellSums[]): Uint8Array {
  const bytes = new Uint8Array(cells.length * CELL_BYTES);
  const view = new DataView(bytes.buffer);
  cells.forEach((cell, i) => {
    const at = i * CELL_BYTES;
    view.setInt32(at, cell.latCell);
    view.setInt32(at + 4, cell.lngCell);
    view.setFloat32(at + 8, cell.workingS);
    view.setFloat32(at + 12, cell.movingS);
    view.setFloat32(at + 16, cell.speedSumKmhS);
    view.setFloat32(at + 20, cell.maxSpeedKmh);
  });
  return bytes;
}

/** The hex text PostgreSQL reads as bytea (decode(…, 'hex')), the same through both drivers. */
export const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Sums packed cells, cell by cell. */
export class CellSummer {
  private readonly sums = new Map<number, CellSums>();

  add(bytes: Uint8Array): void {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let at = 0; at + CELL_BYTES <= bytes.byteLength; at += CELL_BYTES) {
      const latCell = view.getInt32(at);
      const lngCell = view.getInt32(at + 4);
      // Cell indices stay within ±360,000 at HEAT_CELL_DEG: one safe integer for both.
      const key = latCell * 1_000_000 + lngCell;
      let cell = this.sums.get(key);
      if (!cell) {
        cell = { latCell, lngCell, workingS: 0, movingS: 0, speedSumKmhS: 0, maxSpeedKmh: 0 };
        this.sums.set(key, cell);
      }
      cell.workingS += view.getFloat32(at + 8);
      cell.movingS += view.getFloat32(at + 12);
      cell.speedSumKmhS += view.getFloat32(at + 16);
      cell.maxSpeedKmh = Math.max(cell.maxSpeedKmh, view.getFloat32(at + 20));
    }
  }

  cells(): CellSums[] {
    return [...this.sums.values()];
  }
}
