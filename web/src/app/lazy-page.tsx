import { use, type ComponentType } from 'react';

/** A page whose module loads on first use; `preload` loads it ahead (see app/router.tsx). */
export type LazyPage = ComponentType & { preload: () => Promise<void>; isLoaded: () => boolean };

/**
 * A page in its own chunk. Once loaded it renders at once, with no Suspense in between, which
 * is what lets the first render take over the server's or the build's markup of that page:
 * the router preloads the current page before the site renders. Before that, it suspends (the
 * layouts' Suspense shows the page loader; a navigation keeps the previous page meanwhile, as
 * navigations run in a transition). A chunk that fails to load is asked for again on the next
 * render, and its error reaches the error boundary.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  let failure: unknown = null;
  const preload = () =>
    (loading ??= load().then(
      (Component) => {
        Loaded = Component;
        failure = null;
      },
      (error: unknown) => {
        failure = error;
        loading = null;
      },
    ));
  function Page() {
    if (!Loaded && !failure) use(preload());
    if (Loaded) return <Loaded />;
    const error = failure;
    failure = null;
    throw error;
  }
  return Object.assign(Page, { preload, isLoaded: () => Loaded !== null });
}
