import { useState } from 'react';

const defaultAvatarUrl = '/images/default-avatar.svg';

/** A round profile picture; the default avatar when there is no photo or it fails to load. */
export function Avatar({
  src,
  name,
  className = 'size-10',
}: {
  src?: string | null;
  name?: string | null;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : defaultAvatarUrl;
  return (
    <img
      src={url}
      alt={name ? `${name}'s profile picture` : 'Profile picture'}
      referrerPolicy="no-referrer"
      // Never a page's main content: its request waits until the picture is near the screen.
      loading="lazy"
      onError={() => setFailed(src ?? null)}
      className={`${className} rounded-full bg-stone-200 object-cover`}
    />
  );
}
