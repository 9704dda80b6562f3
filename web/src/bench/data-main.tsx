// The browser's entry of React Router's data mode (bench/data-start.tsx), for `npm run bench --
// --router-modes` only: evaluated in turns as src/main.tsx evaluates the site's.
import '../index.css';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void import('react-dom/client')
  .then(nextTask)
  .then(() => import('./data-start'))
  .then(async ({ startSite }) => {
    await nextTask();
    startSite();
  });
