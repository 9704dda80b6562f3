// The dialogs of the spec's error catalogue. sweetalert2 is loaded on first use, so it is
// not part of any page's first bundle. Titles and texts often carry user- or server-made text
// (a user's name, an API message), so they go through `titleText`/`text`, which sweetalert2
// renders as text; its `title` and `html` options parse HTML and are never used here.

const loadSwal = () => import('sweetalert2').then((module) => module.default);
const brandColor = '#ea580c';

/** A success dialog; with `timer` it closes by itself (the spec uses 1500 ms). */
export async function showSuccess(title: string, text?: string, timer?: number) {
  const Swal = await loadSwal();
  await Swal.fire({
    icon: 'success',
    titleText: title,
    text,
    timer,
    showConfirmButton: timer === undefined,
    confirmButtonColor: brandColor,
  });
}

export async function showError(title: string, text?: string) {
  const Swal = await loadSwal();
  await Swal.fire({ icon: 'error', titleText: title, text, confirmButtonColor: brandColor });
}

/** Asks before a destructive action; resolves true when the user confirms. */
export async function confirmAction(title: string, text: string, confirmButtonText = 'Yes') {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    icon: 'warning',
    titleText: title,
    text,
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText: 'Cancel',
    confirmButtonColor: brandColor,
  });
  return result.isConfirmed;
}
