const iconProps = {
  viewBox: '0 0 24 24',
  fill: 'none',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  className: 'size-7 stroke-current',
  'aria-hidden': true,
};

/** Each highlight with the outline icon drawn beside it (one SVG path). */
const highlights: { title: string; text: string; iconPath: string }[] = [
  {
    title: 'Community Dinners',
    text: 'Every Friday the dining hall turns into one long table: meet fellow travellers over a shared menu.',
    iconPath:
      'M17 20v-2a4 4 0 00-4-4H7a4 4 0 00-4 4v2M10 10a4 4 0 100-8 4 4 0 000 8M21 20v-2a4 4 0 00-3-3.9M16 2.1a4 4 0 010 7.8',
  },
  {
    title: 'Cooking Workshops',
    text: 'Learn a recipe from our cooks and from guests around the world, then eat what you made together.',
    iconPath: 'M6 13.9A4 4 0 016.5 6a5.5 5.5 0 0111 0 4 4 0 01.5 7.9V21H6zM6 17h12',
  },
  {
    title: 'Fresh Every Day',
    text: 'Meals are prepared each morning with local produce, with vegetarian options at every sitting.',
    iconPath:
      'M11 20A7 7 0 019.8 6.1C15.5 5 17 4.5 19 2c1 2 2 4.2 2 8 0 5.5-4.8 10-10 10zM2 21c0-3 1.9-5.4 5.1-6C9.5 14.5 12 13 13 12',
  },
];

export function HostelHighlights() {
  return (
    <section aria-labelledby="highlights-heading" className="bg-white py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="highlights-heading" className="mb-8 text-center text-3xl font-bold text-stone-900">
          Hostel Highlights
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {highlights.map((highlight) => (
            <li key={highlight.title} className="rounded-2xl bg-orange-50 p-6">
              <span className="inline-flex rounded-xl bg-brand p-2.5 text-white">
                <svg {...iconProps}>
                  <path d={highlight.iconPath} />
                </svg>
              </span>
              <h3 className="mt-3 text-xl font-semibold text-stone-900">{highlight.title}</h3>
              <p className="mt-2 text-stone-600">{highlight.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
