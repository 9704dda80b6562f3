import './index.css';
import { startInTurns } from './start-in-turns';

startInTurns(() => import('./start'));
