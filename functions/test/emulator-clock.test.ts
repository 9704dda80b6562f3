// The emulators' fixed clock (lib/clock.ts, ADR 0058): a journey about the time of day fixes
// the API's "now" with a header instead of waiting for the hour it needs. It exists on the
// emulators only: anywhere else the header changes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { hostelDate } from '@hostelhub/contracts';
import { onEmulators } from '../src/lib/clock.js';
import { call } from './support/emulators.js';

const header = 'x-emulator-clock';
const menuToday = async (headers: Record<string, string>) => {
  const response = await call('menu', { query: { days: '1' }, headers });
  expect(response.status).toBe(200);
  return response.body.days[0].date as string;
};
const realToday = (timeZone: string) => hostelDate(new Date(), timeZone);

describe('the emulators’ fixed clock', () => {
  const before = process.env.FUNCTIONS_EMULATOR;
  afterEach(() => {
    if (before === undefined) delete process.env.FUNCTIONS_EMULATOR;
    else process.env.FUNCTIONS_EMULATOR = before;
  });

  it('is ignored outside the Functions emulator, as production runs', async () => {
    delete process.env.FUNCTIONS_EMULATOR;
    const menu = await call('menu', { query: { days: '1' }, headers: { [header]: '2031-06-15T11:00:00Z' } });
    expect(menu.status).toBe(200);
    expect(menu.body.days[0].date).toBe(realToday(menu.body.timeZone));
  });

  it('fixes the hostel’s today for one request on the emulators, and only for that request', async () => {
    process.env.FUNCTIONS_EMULATOR = 'true';
    // 23:30 UTC on 14 June is already 15 June in London (summer time).
    expect(await menuToday({ [header]: '2031-06-14T23:30:00Z' })).toBe('2031-06-15');
    expect(await menuToday({ [header]: '2031-06-14T22:30:00Z' })).toBe('2031-06-14');
    const menu = await call('menu', { query: { days: '1' } });
    expect(menu.body.days[0].date).toBe(realToday(menu.body.timeZone));
  });

  it('answers a malformed instant with a 400 naming the header', async () => {
    process.env.FUNCTIONS_EMULATOR = 'true';
    for (const bad of ['tomorrow', '2031-06-14', '2031-13-40T25:00:00Z', '1750000000000']) {
      const response = await call('menu', { query: { days: '1' }, headers: { [header]: bad } });
      expect(response.status, bad).toBe(400);
      expect(response.body.message).toMatch(/^x-emulator-clock: /);
    }
  });

  it('needs both the Functions emulator and a demo project', () => {
    expect(onEmulators({ FUNCTIONS_EMULATOR: 'true', GCLOUD_PROJECT: 'demo-hostel-meals' })).toBe(true);
    expect(onEmulators({ FUNCTIONS_EMULATOR: 'true', GCLOUD_PROJECT: 'hostelhub-prod' })).toBe(false);
    expect(onEmulators({ GCLOUD_PROJECT: 'demo-hostel-meals' })).toBe(false);
    expect(onEmulators({ FUNCTIONS_EMULATOR: '1', GCLOUD_PROJECT: 'demo-hostel-meals' })).toBe(false);
  });
});
