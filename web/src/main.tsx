import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouterForCurrentPage } from './app/router';
import './index.css';

// Public pages arrive prerendered (web/scripts/prerender.mjs); the first render replaces that
// markup with the same page, live.
void createRouterForCurrentPage().then((router) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  ),
);
