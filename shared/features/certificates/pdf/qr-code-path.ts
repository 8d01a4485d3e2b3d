/**
 * A QR code (ISO/IEC 18004, encoded by `qrcode`) as one vector path: each row's runs of dark modules
 * become rectangles in one SVG path, filled in a single operation, so the symbol is sharp at any zoom
 * and renderers leave no seams between modules. Coordinates are in modules, y downwards, and include
 * the quiet zone of 4 modules the standard requires around the symbol.
 */
import { create } from 'qrcode';

export const quietZoneModules = 4;

export interface QrCodePath {
  /** Modules per side, quiet zone included. */
  readonly modules: number;
  /** SVG path data (absolute M/h/v commands) of the dark modules. */
  readonly path: string;
}

/** Error correction level M (about 15 % recovery): robust for print while keeping modules large. */
export function qrCodePath(text: string): QrCodePath {
  const symbol = create(text, { errorCorrectionLevel: 'M' });
  const size = symbol.modules.size;
  const commands: string[] = [];
  for (let row = 0; row < size; row += 1) {
    let col = 0;
    while (col < size) {
      if (!symbol.modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && symbol.modules.get(row, col)) col += 1;
      const x = start + quietZoneModules;
      const y = row + quietZoneModules;
      commands.push(`M${x} ${y}h${col - start}v1h${start - col}z`);
    }
  }
  return { modules: size + 2 * quietZoneModules, path: commands.join('') };
}
