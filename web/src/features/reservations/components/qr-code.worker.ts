// The pass page's QR codes, computed off the main thread: choosing a code's mask takes a slow
// phone's main thread for a tenth of a second, while the pass is being drawn (issue 54).
import { qrDrawing } from './qr-drawing';

self.onmessage = (event: MessageEvent<{ id: number; text: string }>) => {
  const { id, text } = event.data;
  self.postMessage({ id, drawing: qrDrawing(text) });
};
