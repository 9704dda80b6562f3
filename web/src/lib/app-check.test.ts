// App Check in the browser: with a site key, API calls carry the token from the App Check SDK
// (faked here at its edge: reCAPTCHA Enterprise is not reachable from tests); without one,
// nothing is loaded and no header is sent.
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@hostelhub/contracts';
import { server, onEndpoint } from '@/testing/server';

const tokenFor = vi.fn(async (siteKey: string) => `app-check-token-for-${siteKey}`);
vi.mock('./app-check-sdk', () => ({ appCheckTokenFor: tokenFor }));

function seenHeaders() {
  const seen: (string | null)[] = [];
  server.use(
    onEndpoint(endpoints.packages, ({ request }) => {
      seen.push(request.headers.get('x-firebase-appcheck'));
      return HttpResponse.json([]);
    }),
  );
  return seen;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  tokenFor.mockClear();
});

describe('App Check in the API client', () => {
  it('sends no header and loads no SDK without a site key', async () => {
    vi.stubEnv('VITE_APP_CHECK_SITE_KEY', '');
    const { apiGet } = await import('./api-client');
    const seen = seenHeaders();
    await apiGet('/packages');
    expect(seen).toEqual([null]);
    expect(tokenFor).not.toHaveBeenCalled();
  });

  it('sends the App Check token with every call when a site key is configured', async () => {
    vi.stubEnv('VITE_APP_CHECK_SITE_KEY', 'site-key-1');
    const { apiGet } = await import('./api-client');
    const seen = seenHeaders();
    await apiGet('/packages');
    await apiGet('/packages');
    expect(seen).toEqual(['app-check-token-for-site-key-1', 'app-check-token-for-site-key-1']);
    expect(tokenFor).toHaveBeenCalledWith('site-key-1');
  });

  it('still makes the call, without the header, when no token can be had', async () => {
    vi.stubEnv('VITE_APP_CHECK_SITE_KEY', 'site-key-1');
    tokenFor.mockRejectedValueOnce(new Error('reCAPTCHA unreachable'));
    const { apiGet } = await import('./api-client');
    const seen = seenHeaders();
    await apiGet('/packages');
    expect(seen).toEqual([null]);
  });
});
