// My Profile's push notifications (ADR 81). The browser's Push API, its permission prompt and
// Firebase Messaging's token are the edge: stubbed here as a browser that allows push would
// answer; the API is the site's fake server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { defaultPushPreferences, endpoints, type PushDevice, type PushSettings } from '@hostelhub/contracts';
import { env } from '@/lib/env';
import { renderRoutes, sessionFor, studentProfile } from '@/testing/render';
import { onEndpoint, recordBodies, server } from '@/testing/server';
import { PushSection } from './components/push-section';

vi.mock('firebase/messaging', () => ({
  getMessaging: () => ({}),
  getToken: vi.fn(async () => 'fcm-token-of-this-browser:APA91bxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'),
}));

const uid = studentProfile._id;
const phone: PushDevice = {
  id: 'a'.repeat(32),
  label: 'Chrome on Android',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSeenAt: '2026-11-20T10:00:00.000Z',
};

function answerSettings(settings: PushSettings) {
  let current = settings;
  server.use(onEndpoint(endpoints.pushSettings, () => HttpResponse.json(current)));
  return (next: PushSettings) => (current = next);
}

function renderSection() {
  renderRoutes({
    routes: [{ path: '/', Component: () => <PushSection uid={uid} /> }],
    path: '/',
    session: sessionFor(studentProfile),
  });
  return userEvent.setup();
}

/** A browser that can get push: a service worker, the Push API, and permission to ask. */
function browserWithPush(permission: NotificationPermission = 'default', answer: NotificationPermission = 'granted') {
  const unsubscribe = vi.fn(async () => true);
  const registration = { pushManager: { getSubscription: async () => ({ unsubscribe }) } };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => answer) });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  env.fcmVapidKey = 'B'.repeat(87);
  env.firebase.appId = '1:1234567890:web:abcdef';
  return { unsubscribe };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  env.fcmVapidKey = '';
  env.firebase.appId = undefined;
  localStorage.clear();
});

test('saves the kinds ticked with PATCH /user/push-preferences, each off by default', async () => {
  answerSettings({ preferences: defaultPushPreferences, devices: [] });
  const sent = recordBodies(endpoints.updatePushPreferences, (body) => HttpResponse.json(body as never));
  const user = renderSection();
  const leave = await screen.findByRole('checkbox', { name: 'Leave decided' });
  expect(leave).not.toBeChecked();
  expect(leave).toHaveAccessibleDescription(/Off by default\.$/);
  expect(screen.getByRole('button', { name: 'Save push choices' })).toBeDisabled();
  expect(screen.getByText(/iPhone and iPad show push only from HostelHub added to the Home Screen/)).toBeVisible();

  await user.click(leave);
  await user.click(screen.getByRole('checkbox', { name: 'Complaint answered' }));
  await user.click(screen.getByRole('button', { name: 'Save push choices' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Push choices saved');
  expect(sent).toEqual([{ ...defaultPushPreferences, leave: true, 'complaint-answer': true }]);
  expect(screen.getByRole('checkbox', { name: 'Leave decided' })).toBeChecked();
});

test('says why this browser cannot get push: not set up, or an iPhone outside the Home Screen', async () => {
  answerSettings({ preferences: defaultPushPreferences, devices: [] });
  browserWithPush();
  env.fcmVapidKey = '';
  renderSection();
  expect(await screen.findByRole('note')).toHaveTextContent('not set up for this hostel yet');
  expect(screen.queryByRole('button', { name: /Turn on push/ })).not.toBeInTheDocument();
});

test('on an iPhone in Safari, asks for HostelHub on the Home Screen first', async () => {
  answerSettings({ preferences: defaultPushPreferences, devices: [] });
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  );
  renderSection();
  expect(await screen.findByRole('note')).toHaveTextContent('tap Share, then Add to Home Screen');
});

test('turns push on for this browser: asks permission, registers its token, and lists it as this device', async () => {
  const next = answerSettings({ preferences: defaultPushPreferences, devices: [phone] });
  browserWithPush();
  const registered = recordBodies(endpoints.addPushDevice, () => {
    const here = { ...phone, id: 'b'.repeat(32), label: 'Firefox on Linux' };
    next({ preferences: defaultPushPreferences, devices: [here, phone] });
    return HttpResponse.json(here, { status: 201 });
  });
  const user = renderSection();
  await user.click(await screen.findByRole('button', { name: 'Turn on push on this device' }));

  expect(await screen.findByText('This device gets your push notifications.')).toBeVisible();
  expect(registered).toEqual([
    { token: 'fcm-token-of-this-browser:APA91bxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', label: expect.stringMatching(/ on /) },
  ]);
  const list = screen.getByRole('list');
  expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Firefox on Linux(this device)');
  expect(localStorage.getItem(`hostelhub.push-device.${uid}`)).toBe('b'.repeat(32));
});

test("says so when the browser's prompt is answered with a block, and registers nothing", async () => {
  answerSettings({ preferences: defaultPushPreferences, devices: [] });
  browserWithPush('default', 'denied');
  const registered = recordBodies(endpoints.addPushDevice, () => HttpResponse.json(phone, { status: 201 }));
  const user = renderSection();
  await user.click(await screen.findByRole('button', { name: 'Turn on push on this device' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Push is not on: Notifications are blocked for this site');
  expect(registered).toEqual([]);
});

test('stops push on another device with DELETE, and on this one drops its subscription too', async () => {
  const here = { ...phone, id: 'c'.repeat(32), label: 'Chrome on Windows' };
  const next = answerSettings({ preferences: defaultPushPreferences, devices: [here, phone] });
  const { unsubscribe } = browserWithPush('granted');
  localStorage.setItem(`hostelhub.push-device.${uid}`, here.id);
  const deleted: string[] = [];
  server.use(
    onEndpoint(endpoints.removePushDevice, ({ params }) => {
      deleted.push(String(params.deviceId));
      next({ preferences: defaultPushPreferences, devices: [here, phone].filter((d) => !deleted.includes(d.id)) });
      return HttpResponse.json({ deletedCount: 1 });
    }),
  );
  const user = renderSection();
  await user.click(await screen.findByRole('button', { name: 'Stop push on Chrome on Android' }));
  await waitFor(() => expect(deleted).toEqual([phone.id]));
  expect(unsubscribe).not.toHaveBeenCalled();

  await user.click(await screen.findByRole('button', { name: 'Stop push on Chrome on Windows (this device)' }));
  await waitFor(() => expect(deleted).toEqual([phone.id, here.id]));
  expect(unsubscribe).toHaveBeenCalled();
  expect(await screen.findByText(/No device gets your push notifications yet/)).toBeVisible();
  expect(localStorage.getItem(`hostelhub.push-device.${uid}`)).toBeNull();
});
