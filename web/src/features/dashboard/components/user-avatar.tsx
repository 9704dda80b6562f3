import { useState } from 'react';

type UserAvatarProps = { photoURL: string | null | undefined; name: string; size?: 'sm' | 'lg' };

/** The user's photo, or a neutral silhouette when there is none or it fails to load. */
export function UserAvatar({ photoURL, name, size = 'sm' }: UserAvatarProps) {
  const [broken, setBroken] = useState(false);
  const box = size === 'lg' ? 'h-24 w-24' : 'h-9 w-9';
  if (photoURL && !broken) {
    return (
      <img
        src={photoURL}
        alt={name}
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        className={`${box} shrink-0 rounded-full object-cover ring-2 ring-white`}
      />
    );
  }
  return (
    <svg
      viewBox="0 0 40 40"
      role="img"
      aria-label={`${name} (no photo)`}
      className={`${box} shrink-0 rounded-full bg-slate-200`}
    >
      <circle cx="20" cy="15" r="7" fill="#94a3b8" />
      <path d="M6 36c2-8 8-11 14-11s12 3 14 11" fill="#94a3b8" />
    </svg>
  );
}
