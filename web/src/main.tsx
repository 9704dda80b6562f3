import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';

function Placeholder() {
  return (
    <main className="grid min-h-screen place-items-center bg-orange-50 p-8 text-center">
      <h1 className="text-3xl font-bold text-orange-700">HostelHub</h1>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
