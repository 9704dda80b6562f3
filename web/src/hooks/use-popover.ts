import { useCallback, useId, useRef, type KeyboardEvent } from 'react';
import { useDismiss } from './use-dismiss';

/**
 * A button and the panel it opens (a menu, the bell's list): closed by a click or focus outside
 * and by Escape, which gives focus back to the button so a keyboard user is not left nowhere.
 * `triggerProps` go on the button, `panelProps` on the panel, `rootRef` on the element holding both.
 */
export function usePopover(open: boolean, close: () => void) {
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismiss(rootRef, open, close);
  const closeAndFocus = useCallback(() => {
    close();
    buttonRef.current?.focus();
  }, [close]);
  const triggerProps = {
    ref: buttonRef,
    type: 'button',
    'aria-expanded': open,
    'aria-controls': open ? panelId : undefined,
  } as const;
  const panelProps = {
    id: panelId,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      closeAndFocus();
    },
  };
  return { rootRef, triggerProps, panelProps };
}
