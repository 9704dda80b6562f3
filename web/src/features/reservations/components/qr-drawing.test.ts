import jsQR from 'jsqr';
import { qrDrawing, quietZone } from './qr-drawing';

/** The dark modules a path of `h`-runs paints, as a grid of the code with its quiet zone. */
function paint({ size, path }: { size: number; path: string }): boolean[][] {
  const side = size + 2 * quietZone;
  const grid = Array.from({ length: side }, () => Array<boolean>(side).fill(false));
  const runs = [...path.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
  expect(runs.map((run) => run[0]).join('')).toBe(path);
  for (const [, x, y, run, back] of runs) {
    expect(back).toBe(run);
    for (let column = Number(x); column < Number(x) + Number(run); column++) {
      expect(grid[Number(y)]![column]).toBe(false);
      grid[Number(y)]![column] = true;
    }
  }
  return grid;
}

describe('A QR code drawn as one path', () => {
  it('reads back as its text, at four pixels a module', () => {
    const text = 'AQEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const grid = paint(qrDrawing(text));
    const scale = 4;
    const width = grid.length * scale;
    const pixels = new Uint8ClampedArray(width * width * 4);
    for (let index = 0; index < width * width; index++) {
      const dark = grid[Math.floor(Math.floor(index / width) / scale)]![Math.floor((index % width) / scale)];
      pixels.fill(dark ? 0 : 255, index * 4, index * 4 + 3);
      pixels[index * 4 + 3] = 255;
    }
    expect(jsQR(pixels, width, width)?.data).toBe(text);
  });

  it('leaves the quiet zone white and joins each row’s neighbouring modules', () => {
    const drawing = qrDrawing('hostelhub-pass');
    const grid = paint(drawing);
    const side = drawing.size + 2 * quietZone;
    for (let index = 0; index < quietZone; index++) {
      for (const line of [index, side - 1 - index]) {
        expect(grid[line]!.some(Boolean)).toBe(false);
        expect(grid.some((row) => row[line])).toBe(false);
      }
    }
    // A finder pattern's top row is seven dark modules: one rectangle.
    expect(drawing.path.startsWith(`M${quietZone} ${quietZone}h7v1h-7z`)).toBe(true);
  });
});
