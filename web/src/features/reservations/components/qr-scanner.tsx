import { useEffect, useRef, useState } from 'react';

type Decoder = (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>;

type BarcodeDetectorLike = { detect: (source: CanvasImageSource) => Promise<{ rawValue: string }[]> };
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/**
 * The browser's BarcodeDetector where it exists; elsewhere (Chromium on Linux, Firefox) jsQR,
 * a JavaScript decoder loaded with the counter only, which needs no network (ADR 35).
 */
async function makeDecoder(): Promise<Decoder> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    return jsQR(image.data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

const scanEveryMs = 200;

/**
 * The camera and the decoding loop. `paused` stops decoding (an answer is on screen), so one
 * QR code held in front of the camera is read once per answer, not five times a second.
 */
export function QrScanner({ onCode, paused }: { onCode: (text: string) => void; paused: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  // `running` starts and stops the camera; `state` only reports how that went.
  const [running, setRunning] = useState(false);
  const [state, setState] = useState<'off' | 'starting' | 'on' | 'refused'>('off');
  const latest = useRef({ onCode, paused });
  // The decoding loop reads the newest callback and pause flag without restarting the camera.
  useEffect(() => {
    latest.current = { onCode, paused };
  }, [onCode, paused]);

  useEffect(() => {
    if (!running) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const decode = await makeDecoder();
        setState('on');
        const tick = async () => {
          if (stopped) return;
          if (!latest.current.paused && video.current && canvas.current) {
            const text = await decode(video.current, canvas.current).catch(() => null);
            if (text && !latest.current.paused) latest.current.onCode(text);
          }
          timer = setTimeout(() => void tick(), scanEveryMs);
        };
        void tick();
      } catch {
        if (!stopped) {
          setState('refused');
          setRunning(false);
        }
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      setState((current) => (current === 'refused' ? current : 'off'));
    };
  }, [running]);

  return (
    <div className="flex flex-col gap-2">
      {!running ? (
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            setState('starting');
            setRunning(true);
          }}
        >
          Scan with the camera
        </button>
      ) : (
        <button type="button" className="btn-secondary" onClick={() => setRunning(false)}>
          Stop the camera
        </button>
      )}
      {state === 'refused' && (
        <p role="alert" className="text-sm text-red-800">
          The camera could not be opened. Allow it in the browser, or type the short code.
        </p>
      )}
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera view"
        className={state === 'on' || state === 'starting' ? 'w-full max-w-md rounded-xl bg-black' : 'hidden'}
      />
      <canvas ref={canvas} className="hidden" />
    </div>
  );
}
