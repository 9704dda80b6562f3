// The site's modules are evaluated in turns, each in a task of its own, rather than all in the
// one task a module graph is evaluated in: React DOM first, then the site's shell and the
// page's code, then the take-over (itself in slices, start.tsx). On a slow phone one task of
// everything held the main thread for a few hundred milliseconds while the page, already
// drawn from its HTML, could not answer a tap (issue 43: each turn now ends before the next
// begins, and the browser may paint or handle input in between).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Loads React DOM, then `start`'s module, then starts the site, each in a task of its own. */
export function startInTurns(start: () => Promise<{ startSite: () => void }>): void {
  void import('react-dom/client')
    .then(nextTask)
    .then(start)
    .then(async ({ startSite }) => {
      await nextTask();
      startSite();
    });
}
