// The browser's entry of React Router's data mode (bench/data-start.tsx), for `npm run bench --
// --router-modes` only: evaluated in turns as src/main.tsx evaluates the site's.
import '../index.css';
import { startInTurns } from '../start-in-turns';

startInTurns(() => import('./data-start'));
