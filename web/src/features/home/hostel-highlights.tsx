const highlights = [
  {
    title: 'Community Dinners',
    text: 'Every Friday the dining hall turns into one long table: meet fellow travellers over a shared menu.',
    icon: '🍲',
  },
  {
    title: 'Cooking Workshops',
    text: 'Learn a recipe from our cooks and from guests around the world, then eat what you made together.',
    icon: '👩‍🍳',
  },
  {
    title: 'Fresh Every Day',
    text: 'Meals are prepared each morning with local produce, with vegetarian options at every sitting.',
    icon: '🥗',
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
              <span aria-hidden="true" className="text-4xl">
                {highlight.icon}
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
