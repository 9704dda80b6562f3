import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { usePopover } from '@/hooks/use-popover';

type DropdownMenuProps = {
  /** Content of the button that opens the menu. */
  trigger: ReactNode;
  triggerLabel: string;
  triggerClassName?: string;
  align?: 'left' | 'right';
  /** Menu content; items carry role="menuitem". `close` hides the menu. */
  children: (close: () => void) => ReactNode;
};

/**
 * A button that opens a menu: arrow keys move between items, Escape closes and returns
 * focus to the button, clicking outside closes.
 */
export function DropdownMenu({
  trigger,
  triggerLabel,
  triggerClassName,
  align = 'right',
  children,
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const { rootRef, triggerProps, panelProps } = usePopover(open, close);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      list[(index + step + list.length) % list.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? list[0] : list[list.length - 1])?.focus();
    } else {
      panelProps.onKeyDown(event);
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        {...triggerProps}
        aria-label={triggerLabel}
        aria-haspopup="menu"
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={menuRef}
          {...panelProps}
          role="menu"
          aria-label={triggerLabel}
          onKeyDown={onMenuKeyDown}
          className={`absolute z-30 mt-2 min-w-52 rounded-xl border border-stone-200 bg-white p-2 shadow-lg ${
            align === 'right' ? 'right-0' : 'left-0'
          }`}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}

export const menuItemClass =
  'block w-full rounded-lg px-3 py-2 text-left text-stone-700 hover:bg-orange-50 hover:text-orange-700 focus:bg-orange-50 focus:outline-none';
