import { inertMarker, submitMarker } from '@/lib/server-data';

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

/**
 * Starts watching `container`'s prerendered fields; the returned function, called once the
 * first render has replaced them (a layout effect), puts what was typed into the live fields.
 */
export function keepPrerenderedInput(container: HTMLElement): () => void {
  const before = fieldsOf(container);
  let focused = before.findIndex((field) => field === document.activeElement);
  const onFocusIn = (event: FocusEvent) => {
    focused = before.indexOf(event.target as Field);
  };
  // Focus moving elsewhere counts; the field losing it because it was replaced does not.
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget !== null) focused = -1;
  };
  container.addEventListener('focusin', onFocusIn);
  container.addEventListener('focusout', onFocusOut);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    container.removeEventListener('focusin', onFocusIn);
    container.removeEventListener('focusout', onFocusOut);
    const after = fieldsOf(container);
    // The same page renders the same fields; anything else is not this page's markup. The
    // replaced fields still hold their values.
    if (after.length !== before.length || before.some((field) => field.isConnected)) return;
    before.forEach((field, index) => {
      if (changed(field)) typeInto(after[index]!, field.value);
    });
    if (focused >= 0) after[focused]!.focus();
  };
}

/**
 * What the visitor typed into a page the server rendered (hydrated, not replaced) before it
 * went live: React takes the fields over as they are without reading what was typed, so the
 * page would show the text and not act on it (a search never run). Called once the page is
 * live; it types the text again, as typing does, so the page's handlers see it.
 */
export function replayTypedInput(container: HTMLElement) {
  for (const field of fieldsOf(container)) {
    if (!changed(field)) continue;
    const typed = field.value;
    // Through the field's own setter, which React watches: as far as React knows, the field
    // holds the server's value again, so the typing below is a change.
    if (!(field instanceof HTMLSelectElement)) field.value = field.defaultValue;
    typeInto(field, typed);
  }
}

/**
 * Undoes what the server's markup changed until the site runs (src/prerender.tsx): buttons
 * live again and submit buttons submitting. Called once React has taken the markup over: a
 * production build compares text, not attributes, while hydrating, and leaves attributes it
 * did not render alone, so these are ours to remove.
 */
export function liftInertMarkers(container: HTMLElement) {
  for (const element of container.querySelectorAll(`[${inertMarker}]`)) {
    element.removeAttribute('aria-disabled');
    element.removeAttribute(inertMarker);
  }
  for (const element of container.querySelectorAll(`[${submitMarker}]`)) {
    element.setAttribute('type', 'submit');
    element.removeAttribute(submitMarker);
  }
}
