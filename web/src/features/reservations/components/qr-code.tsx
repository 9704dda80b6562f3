import { useEffect, useState } from 'react';

type Modules = { size: number; dark: boolean[] };

/** The QR code's modules, computed by qrcode-generator, loaded with the pass page only. */
async function qrModules(text: string): Promise<Modules> {
  const { default: qrcode } = await import('qrcode-generator');
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const size = code.getModuleCount();
  const dark = Array.from({ length: size * size }, (_, index) => code.isDark(Math.floor(index / size), index % size));
  return { size, dark };
}

/**
 * A QR code drawn as SVG: black modules on white with the quiet zone the standard asks for,
 * sharp at any size, named for screen readers by `label`.
 */
export function QrCode({ text, label, className = '' }: { text: string; label: string; className?: string }) {
  const [modules, setModules] = useState<{ text: string; value: Modules } | null>(null);
  useEffect(() => {
    let current = true;
    void qrModules(text).then((value) => {
      if (current) setModules({ text, value });
    });
    return () => {
      current = false;
    };
  }, [text]);

  if (!modules || modules.text !== text) {
    return <div role="img" aria-label={label} aria-busy="true" className={`aspect-square bg-white ${className}`} />;
  }
  const { size, dark } = modules.value;
  const quiet = 4;
  const path = dark
    .map((on, index) => (on ? `M${(index % size) + quiet} ${Math.floor(index / size) + quiet}h1v1h-1z` : ''))
    .join('');
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size + 2 * quiet} ${size + 2 * quiet}`}
      shapeRendering="crispEdges"
      className={`aspect-square bg-white ${className}`}
      data-testid="meal-pass-qr"
      data-modules={size}
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
