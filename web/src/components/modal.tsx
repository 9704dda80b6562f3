import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';

type ModalProps = { title: string; onClose: () => void; children: ReactNode };

/**
 * A form over the page, on the native <dialog>: showModal() keeps Tab inside it and makes the
 * page behind inert. It is named by its title; Escape and the close button dismiss it, and
 * focus goes back to whatever opened it.
 */
export function Modal({ title, onClose, children }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement as HTMLElement | null;
    if (element && !element.open) element.showModal();
    element?.querySelector<HTMLElement>('input, select, textarea, button:not([data-modal-close])')?.focus();
    return () => {
      if (element?.open) element.close();
      opener?.focus();
    };
  }, []);

  // The caller decides when the modal goes (it unmounts it), so the browser's own closing
  // on Escape is turned into a request to close.
  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // A sweetalert2 message open inside the modal handles its own Escape.
    if ((event.target as HTMLElement).closest('.swal2-container')) return;
    event.preventDefault();
    onClose();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onKeyDown={onKeyDown}
      className="m-auto w-[calc(100%-2rem)] max-w-2xl rounded-xl bg-white p-0 text-stone-800 shadow-xl backdrop:bg-stone-900/50"
    >
      <div className="flex items-center justify-between border-b border-stone-200 px-5 py-3">
        <h2 id={titleId} className="text-lg font-semibold text-stone-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          data-modal-close
          className="rounded p-1 text-2xl leading-none text-stone-500 hover:bg-stone-100 hover:text-stone-800"
        >
          ×
        </button>
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}
