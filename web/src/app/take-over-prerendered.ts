// The prerendered page (web/scripts/prerender.mjs) can be typed into before the site runs.
// The first render replaces that markup with the same page, live; this carries over what the
// visitor typed or chose, and where the cursor was, so nothing is lost in the swap. The
// prerendered forms cannot be submitted meanwhile (their submit buttons are plain buttons).

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const fieldsOf = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<Field>('input, textarea, select')).filter(
    (field) => !(field instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(field.type)),
  );

const changed = (field: Field) =>
  field instanceof HTMLSelectElement
    ? Array.from(field.options).some((option) => option.selected !== option.defaultSelected)
    : field.value !== field.defaultValue;

/** Sets a field's value the way typing does, so React and react-hook-form see it. */
function typeInto(field: Field, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Runs `render` (synchronously) over `container`'s prerendered markup, keeping what was typed. */
export function takeOverPrerenderedPage(container: HTMLElement, render: () => void) {
  const before = fieldsOf(container);
  const typed = before.map((field) => (changed(field) ? field.value : null));
  const focused = before.findIndex((field) => field === document.activeElement);
  render();
  const after = fieldsOf(container);
  // The same page renders the same fields; anything else is not this page's markup.
  if (after.length !== before.length) return;
  typed.forEach((value, index) => {
    if (value !== null) typeInto(after[index]!, value);
  });
  if (focused >= 0) after[focused]!.focus();
}
