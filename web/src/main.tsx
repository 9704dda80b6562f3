import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouterForCurrentPage } from './app/router';
import { keepPrerenderedInput } from './app/take-over-prerendered';
import './index.css';

/** Runs `callback` once the first render is on the page. */
function AfterFirstCommit({ callback }: { callback: () => void }) {
  useLayoutEffect(callback, [callback]);
  return null;
}

// Public pages arrive prerendered (web/scripts/prerender.mjs); the first render replaces that
// markup with the same page, live, keeping whatever the visitor typed into it meanwhile.
const container = document.getElementById('root')!;
const restoreInput = keepPrerenderedInput(container);
void createRouterForCurrentPage().then((router) =>
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
      <AfterFirstCommit callback={restoreInput} />
    </StrictMode>,
  ),
);
