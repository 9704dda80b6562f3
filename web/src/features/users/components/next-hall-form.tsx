import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { routes, shiftMonth, type UserProfile } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { HallOptions } from '@/domain/halls/hall-options';
import { homeHallFirst, useHalls } from '@/domain/halls/halls';
import { useHostelTimeZone } from '@/lib/menu-query';
import { hostelToday } from '@/lib/serving-format';
import { formatMonth } from '@/lib/format-month';
import { ProfileSection } from './profile-section';
import { RefusalNote } from './refusal-note';

/**
 * My Profile's hall (ADR 72), where the hostel lets members choose: the hall they eat at this
 * month, and next month's, chosen until the hostel's day of this month, within each hall's
 * member limit (the API says when one is full). Nothing where members do not choose.
 */
export function NextHallForm({ profile }: { profile: UserProfile }) {
  const halls = useHalls();
  const timeZone = useHostelTimeZone();
  const { refreshProfile } = useSession();
  const choose = useMutation({
    mutationFn: (hallId: string) => fetchEndpoint(routes.chooseNextHall, { body: { hallId } }),
    onSuccess: () => refreshProfile(),
  });
  const [picked, setPicked] = useState<string | null>(null);
  const until = halls.data?.chooseUntilDay ?? null;
  const list = homeHallFirst(halls.data?.halls ?? [], profile.homeHallId);
  if (profile.role !== 'student' || until === null || list.length < 2 || !timeZone) return null;

  const today = hostelToday(timeZone);
  const next = shiftMonth(today.slice(0, 7), 1);
  const open = Number(today.slice(8, 10)) <= until;
  const nameOf = (id: string | null | undefined) => list.find((hall) => hall._id === id)?.name;
  const chosen = picked ?? profile.nextHall?.hallId ?? profile.homeHallId ?? list[0]!._id;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    choose.mutate(chosen, { onSuccess: () => setPicked(null) });
  };
  return (
    <ProfileSection
      title="My hall"
      intro={
        <>
          {nameOf(profile.homeHallId)
            ? `You eat at ${nameOf(profile.homeHallId)} this month.`
            : 'You have no hall yet.'}{' '}
          {profile.nextHall && `From ${formatMonth(profile.nextHall.month)}: ${nameOf(profile.nextHall.hallId)}.`}
        </>
      }
    >
      <form onSubmit={submit} className="mt-3 grid gap-3" aria-label="Next month’s hall">
        <label className="flex flex-col gap-1 text-sm font-semibold text-stone-700">
          {`Hall for ${formatMonth(next)}`}
          <select
            className="input sm:max-w-60"
            value={chosen}
            disabled={!open}
            onChange={(event) => {
              choose.reset();
              setPicked(event.target.value);
            }}
          >
            <HallOptions halls={list} />
          </select>
        </label>
        <p className="text-sm text-stone-600">
          {open
            ? `Choose by the ${until}th of this month; a hall takes a limited number of members.`
            : `The choice closed on the ${until}th of this month: ask an admin to change your hall.`}
        </p>
        {choose.isError && <RefusalNote what="Not chosen" error={choose.error} />}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={!open || choose.isPending}>
            {choose.isPending ? 'Saving…' : 'Choose this hall'}
          </button>
          <p aria-live="polite" className="text-sm text-green-800">
            {choose.isSuccess && picked === null
              ? `Saved: ${nameOf(choose.data.hallId)} from ${formatMonth(choose.data.month)}.`
              : ''}
          </p>
        </div>
      </form>
    </ProfileSection>
  );
}
