import { useEffect, useState } from 'react';
import { quietZone, type QrDrawing } from './qr-drawing';

let worker: Worker | null | undefined;
let asked = 0;
const waiting = new Map<number, { resolve: (drawing: QrDrawing) => void; text: string }>();
/** The codes drawn in this load: the kept pass is drawn again when the page comes back. */
const drawn = new Map<string, QrDrawing>();

/** On the main thread: where there are no workers (the unit tests' DOM), or the worker failed. */
const drawHere = (text: string) => import('./qr-drawing').then(({ qrDrawing }) => qrDrawing(text));

/** The pass page's one worker, started with its first code; null where none can run. */
function qrWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  worker = new Worker(new URL('./qr-code.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<{ id: number; drawing: QrDrawing }>) => {
    waiting.get(event.data.id)?.resolve(event.data.drawing);
    waiting.delete(event.data.id);
  };
  // A worker that cannot start (a policy, a lost file offline): every code is drawn here.
  worker.onerror = () => {
    worker?.terminate();
    worker = null;
    for (const { resolve, text } of waiting.values()) void drawHere(text).then(resolve);
    waiting.clear();
  };
  return worker;
}

/** `text`'s QR code, from the worker where there is one. */
async function drawingOf(text: string): Promise<QrDrawing> {
  const known = drawn.get(text);
  if (known) return known;
  const from = qrWorker();
  const drawing = from
    ? await new Promise<QrDrawing>((resolve) => {
        const id = ++asked;
        waiting.set(id, { resolve, text });
        from.postMessage({ id, text });
      })
    : await drawHere(text);
  // A few codes at most: the kept pass and a minute's fresh ones.
  if (drawn.size >= 4) drawn.delete(drawn.keys().next().value!);
  drawn.set(text, drawing);
  return drawing;
}

/**
 * A QR code drawn as SVG: black modules on white with the quiet zone the standard asks for,
 * sharp at any size, named for screen readers by `label`.
 */
export function QrCode({
  text,
  label,
  className = '',
  onDrawn,
}: {
  text: string;
  label: string;
  className?: string;
  /** Called once `text`'s code is on screen. */
  onDrawn?: (text: string) => void;
}) {
  const [drawing, setDrawing] = useState<{ text: string; value: QrDrawing } | null>(null);
  useEffect(() => {
    let current = true;
    void drawingOf(text).then((value) => {
      if (current) setDrawing({ text, value });
    });
    return () => {
      current = false;
    };
  }, [text]);

  // A code drawn earlier in this load shows at once (the kept pass, when the page comes back).
  const shown = drawing?.text === text ? drawing.value : drawn.get(text);
  const isShown = Boolean(shown);
  useEffect(() => {
    if (isShown) onDrawn?.(text);
  }, [isShown, text, onDrawn]);
  if (!shown) {
    return <div role="img" aria-label={label} aria-busy="true" className={`aspect-square bg-white ${className}`} />;
  }
  const side = shown.size + 2 * quietZone;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      className={`aspect-square bg-white ${className}`}
      data-testid="meal-pass-qr"
      data-modules={shown.size}
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={shown.path} fill="#000" />
    </svg>
  );
}
