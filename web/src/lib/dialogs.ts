// The dialogs of the spec's error catalogue. sweetalert2 is loaded on first use, so it is
// not part of any page's first bundle.

const loadSwal = () => import('sweetalert2').then((module) => module.default);
const brandColor = '#ea580c';

/** A success dialog; with `timer` it closes by itself (the spec uses 1500 ms). */
export async function showSuccess(title: string, text?: string, timer?: number) {
  const Swal = await loadSwal();
  await Swal.fire({
    icon: 'success',
    title,
    text,
    timer,
    showConfirmButton: timer === undefined,
    confirmButtonColor: brandColor,
  });
}

export async function showError(title: string, text?: string) {
  const Swal = await loadSwal();
  await Swal.fire({ icon: 'error', title, text, confirmButtonColor: brandColor });
}

/** Asks before a destructive action; resolves true when the user confirms. */
export async function confirmAction(title: string, text: string, confirmButtonText = 'Yes') {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    icon: 'warning',
    title,
    text,
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText: 'Cancel',
    confirmButtonColor: brandColor,
  });
  return result.isConfirmed;
}
