// The routes the Express app serves, read from its router: the endpoint-table test compares
// them with the table, and the staff test calls every admin route among them.
import { createApp } from '../../src/app.js';

type Handler = { name?: string; stack?: Layer[] };
type Layer = {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: Handler; name?: string }[] };
  handle: Handler;
};

/** Every route the app serves, as `METHOD path`, with the names of the handlers in front of it. */
export function servedRoutes(): Map<string, Set<string>> {
  const app = createApp() as unknown as { router: { stack: Layer[] } };
  const routes = new Map<string, Set<string>>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const method of Object.keys(layer.route.methods).filter((name) => layer.route!.methods[name])) {
          for (const path of paths) {
            const key = `${method.toUpperCase()} ${path}`;
            const guards = routes.get(key) ?? new Set<string>();
            for (const handler of layer.route.stack) guards.add(handler.handle.name ?? handler.name ?? '');
            routes.set(key, guards);
          }
        }
      } else if (layer.handle.stack) {
        // A router mounted with use(): the API router (under /api and /) and each feature's.
        walk(layer.handle.stack);
      }
    }
  };
  walk(app.router.stack);
  return routes;
}
