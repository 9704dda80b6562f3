// The API as the page renderer reads it: the same Express app as the `api` function, served
// inside this instance on the loopback interface only, so a page's first reads give exactly
// the answers the browser would get, without a trip through the internet, Hosting or a second
// function. The per-caller rate limits and App Check guard what arrives from outside; here
// every call comes from the renderer itself, whose own requests are what is limited.
import type { AddressInfo } from 'node:net';
import { createApp } from '../../app.js';
import { noRateLimits } from '../../config.js';
import { featureRouters } from '../../routes.js';
import type { PageTransport } from './site.js';

// A limit of 0 is no limit (lib/rate-limit.ts): no counter is kept, so a page's reads cost no
// rate-limit writes in Firestore.
const noLimits = () => noRateLimits;

let origin: Promise<string> | null = null;

/** The loopback origin of this instance's API, started on first use. */
function internalOrigin(): Promise<string> {
  origin ??= new Promise((resolve, reject) => {
    const app = createApp(featureRouters, {
      rateLimits: noLimits,
      appCheck: { enforced: () => false, verify: async () => false },
    });
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    });
    server.on('error', reject);
    // The server must not keep the instance (or a test's process) alive on its own.
    server.unref();
  });
  return origin;
}

/** Sends the renderer's `/api/...` calls to this instance's API. */
export const internalApi: PageTransport = async (url, init) => fetch(`${await internalOrigin()}${url}`, init);
