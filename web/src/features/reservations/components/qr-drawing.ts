// A QR code as one SVG path, computed by qrcode-generator: in the pass page's worker
// (qr-code.worker.ts), or on the main thread where there is no worker.
import qrcode from 'qrcode-generator';

/** The modules a side, and the dark ones as an SVG path in module units. */
export type QrDrawing = { size: number; path: string };

/** The white border around the code, in modules, as the standard asks. */
export const quietZone = 4;

/**
 * `text`'s QR code (error correction M). Each row's neighbouring dark modules are one
 * rectangle: a module-by-module path was ten times longer to build, parse and paint.
 */
export function qrDrawing(text: string): QrDrawing {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const size = code.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (!code.isDark(row, column)) continue;
      const start = column;
      while (column + 1 < size && code.isDark(row, column + 1)) column++;
      const run = column - start + 1;
      path += `M${start + quietZone} ${row + quietZone}h${run}v1h-${run}z`;
    }
  }
  return { size, path };
}
