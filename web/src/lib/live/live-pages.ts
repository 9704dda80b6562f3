// Where live data (Firestore listeners, ADR 16) starts. The meal pass is shown at the counter,
// often on a weak signal and a slow phone: the Firestore SDK and its listeners (the bell's and
// the dashboard's) were half of that page's main-thread work on a repeat visit (measured: 903
// ms of blocking time with them, 409 without, on the bench's reference phone). The pass page
// starts none; the bell and the lists go live on the next page.
import { paths } from '@/lib/paths';

const pagesWithoutLiveData: ReadonlySet<string> = new Set([paths.dashboard.mealPass]);

/** Whether the page at `pathname` starts live data. */
export const startsLiveData = (pathname: string): boolean => !pagesWithoutLiveData.has(pathname.replace(/\/$/, ''));
