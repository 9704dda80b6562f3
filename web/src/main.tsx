import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouterForCurrentPage } from './app/router';
import { takeOverPrerenderedPage } from './app/take-over-prerendered';
import './index.css';

// Public pages arrive prerendered (web/scripts/prerender.mjs); the first render replaces that
// markup with the same page, live, keeping whatever the visitor typed into it meanwhile.
void createRouterForCurrentPage().then((router) => {
  const container = document.getElementById('root')!;
  const root = createRoot(container);
  takeOverPrerenderedPage(container, () =>
    flushSync(() =>
      root.render(
        <StrictMode>
          <AppProvider>
            <RouterProvider router={router} />
          </AppProvider>
        </StrictMode>,
      ),
    ),
  );
});
