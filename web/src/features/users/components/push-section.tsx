import { useState, type FormEvent } from 'react';
import {
  pushKindLabels,
  pushKinds,
  type PushKind,
  type PushPreferences,
  type PushSettings,
} from '@hostelhub/contracts';
import { formatRelativeTime } from '@/lib/format';
import { pushAvailability, pushDeviceHere, type PushAvailability } from '@/lib/push/push-device';
import { ProfileSection } from './profile-section';
import { RefusalNote } from './refusal-note';
import { usePushSettings, useRemovePushDevice, useTurnOnPushHere, useUpdatePushPreferences } from '../api/push';

/** Why this browser cannot get push, in the member's words; null when it can. */
const availabilityNotes: Record<Exclude<PushAvailability, 'available'>, string> = {
  'not-configured': 'Push notifications are not set up for this hostel yet: you get these by email and under the bell.',
  unsupported: 'This browser cannot receive push notifications. Try Chrome, Edge, Firefox or Safari.',
  'install-first':
    'On iPhone and iPad, push works only in HostelHub added to the Home Screen: in Safari, tap Share, then Add to Home Screen, and open HostelHub from there (iOS 16.4 or later).',
  blocked: "Notifications are blocked for this site. Allow them in your browser's site settings, then come back.",
};

/**
 * My Profile's push notifications (ADR 81): the kinds worth a buzz, each on or off, and the
 * browsers they reach. Push goes to every device listed; this browser is turned on here.
 */
export function PushSection({ uid }: { uid: string }) {
  const settings = usePushSettings();
  return (
    <ProfileSection
      title="Push notifications"
      intro="A notification on your phone or computer, beside the email and the bell, for news that cannot wait."
    >
      <p className="mt-2 text-sm text-stone-600">
        iPhone and iPad show push only from HostelHub added to the Home Screen.
      </p>
      {settings.isPending && (
        <p role="status" className="mt-3 text-sm text-stone-600">
          Loading your push choices…
        </p>
      )}
      {settings.isError && (
        <div className="mt-3 grid gap-2">
          <RefusalNote what="Your push choices could not be read" error={settings.error} />
          <button type="button" className="btn-secondary w-full sm:w-auto" onClick={() => void settings.refetch()}>
            Try again
          </button>
        </div>
      )}
      {settings.isSuccess && (
        <>
          <ThisDevice uid={uid} settings={settings.data} />
          <PushKindsForm preferences={settings.data.preferences} />
          <DeviceList uid={uid} settings={settings.data} />
        </>
      )}
    </ProfileSection>
  );
}

function ThisDevice({ uid, settings }: { uid: string; settings: PushSettings }) {
  const turnOn = useTurnOnPushHere(uid);
  const availability = pushAvailability();
  const here = pushDeviceHere(uid);
  const registered = here !== null && settings.devices.some((device) => device.id === here);
  if (availability !== 'available') {
    return (
      <p role="note" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        {availabilityNotes[availability]}
      </p>
    );
  }
  return (
    <div className="mt-3 grid gap-2">
      {registered ? (
        <p className="text-sm text-stone-700">This device gets your push notifications.</p>
      ) : (
        <div>
          <button
            type="button"
            className="btn-secondary w-full sm:w-auto"
            disabled={turnOn.isPending}
            onClick={() => turnOn.mutate()}
          >
            {turnOn.isPending ? 'Turning on…' : 'Turn on push on this device'}
          </button>
        </div>
      )}
      {turnOn.isError && <RefusalNote what="Push is not on" error={turnOn.error} />}
    </div>
  );
}

function PushKindsForm({ preferences }: { preferences: PushPreferences }) {
  const save = useUpdatePushPreferences();
  const [picked, setPicked] = useState<PushPreferences | null>(null);
  const shown = picked ?? preferences;
  const changed = picked !== null && pushKinds.some((kind) => picked[kind] !== preferences[kind]);
  const toggle = (kind: PushKind) => {
    save.reset();
    setPicked({ ...shown, [kind]: !shown[kind] });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(shown, { onSuccess: () => setPicked(null) });
  };
  return (
    <form onSubmit={submit} className="mt-4 grid gap-3" aria-label="Push notifications I get">
      <fieldset className="grid gap-3">
        <legend className="text-sm font-medium text-stone-900">Push me when…</legend>
        {pushKinds.map((kind) => (
          <div key={kind} className="flex items-start gap-3 text-sm">
            <input
              id={`push-${kind}`}
              type="checkbox"
              className="mt-1"
              checked={shown[kind]}
              onChange={() => toggle(kind)}
              aria-describedby={`push-${kind}-note`}
            />
            <div>
              <label htmlFor={`push-${kind}`} className="font-medium text-stone-900">
                {pushKindLabels[kind].title}
              </label>
              <p id={`push-${kind}-note`} className="text-stone-600">
                {pushKindLabels[kind].description} Off by default.
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      {save.isError && <RefusalNote what="Not saved" error={save.error} />}
      {save.isSuccess && !changed && (
        <p role="status" className="text-sm text-emerald-800">
          Push choices saved.
        </p>
      )}
      <div>
        <button type="submit" className="btn-primary" disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save push choices'}
        </button>
      </div>
    </form>
  );
}

function DeviceList({ uid, settings }: { uid: string; settings: PushSettings }) {
  const here = pushDeviceHere(uid);
  const remove = useRemovePushDevice(uid, here);
  if (settings.devices.length === 0) {
    return (
      <p className="mt-4 text-sm text-stone-700">
        No device gets your push notifications yet: turn push on on each phone or computer you use.
      </p>
    );
  }
  return (
    <div className="mt-4">
      <h3 className="text-sm font-medium text-stone-900">Devices that get push</h3>
      <ul className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200">
        {settings.devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
            <div>
              <p className="font-medium text-stone-900">
                {device.label}
                {device.id === here && <span className="ml-2 text-stone-600">(this device)</span>}
              </p>
              <p className="text-stone-600">Last seen {formatRelativeTime(device.lastSeenAt)}</p>
            </div>
            <button
              type="button"
              className="btn-secondary"
              disabled={remove.isPending}
              aria-label={`Stop push on ${device.label}${device.id === here ? ' (this device)' : ''}`}
              onClick={() => remove.mutate(device.id)}
            >
              Stop push
            </button>
          </li>
        ))}
      </ul>
      {remove.isError && <RefusalNote what="Not removed" error={remove.error} className="mt-2" />}
    </div>
  );
}
