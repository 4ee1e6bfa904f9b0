import { useMemo } from 'react';
import { encode } from 'uqr';
import * as styles from '../../../pages/pages.css.ts';

const quietZone = 2;

/** A QR code drawn as SVG rectangles in the text colour, so it follows the theme without markup strings. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 0 });
    const commands: string[] = [];
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) commands.push(`M${x + quietZone} ${y + quietZone}h1v1h-1z`);
      });
    });
    return { size: qr.size + quietZone * 2, path: commands.join('') };
  }, [value]);
  return (
    <svg
      className={styles.qr}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <path d={path} fill="currentColor" />
    </svg>
  );
}
