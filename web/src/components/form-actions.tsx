import type { ReactNode } from 'react';

type FormActionsProps = {
  /** True while the form is being sent: the button waits and says `busyLabel`. */
  busy: boolean;
  label: string;
  busyLabel: string;
  tone?: 'primary' | 'secondary';
  /** Other buttons (Cancel, Skip), shown before the submit button. */
  children?: ReactNode;
};

/** A small form's buttons, right-aligned at its foot, the submit button last. */
export function FormActions({ busy, label, busyLabel, tone = 'primary', children }: FormActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {children}
      <button type="submit" disabled={busy} className={`btn-${tone} btn-sm`}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
