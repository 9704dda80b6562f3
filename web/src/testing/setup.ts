import '@testing-library/jest-dom/vitest';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { closeOpenDialog, installDialogPolyfill } from './dialogs';
import { server } from './server';

installDialogPolyfill();

// Lazy routes and sweetalert2's animations are slow on a busy machine: wait for what the
// user would see for up to 8 s rather than 1 s.
configure({ asyncUtilTimeout: 8000 });

// A request no handler answers is a test that does not know what the page does: fail it,
// even when the page swallowed the network error.
const unhandled: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      unhandled.push(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);
afterEach(async () => {
  await closeOpenDialog();
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  // React Query's idea of the network is one for the worker: a test that went offline would
  // pause every query of the files after it.
  onlineManager.setOnline(true);
  const missed = unhandled.splice(0);
  if (missed.length > 0) throw new Error(`Requests without a handler: ${missed.join(', ')}`);
});
// A worker's files share one page and one module cache (web/vite.config.ts): what a file
// changed of the clock, the globals and the environment goes back before the next file.
afterAll(() => {
  server.close();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
