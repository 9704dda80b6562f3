import { useState, type ReactNode } from 'react';
import { TextAreaField } from './form-field';
import { Modal } from './modal';

type ReasonDialogProps = {
  title: string;
  /** The field's label, which says who reads the text. */
  label: string;
  /** The message shown when the text is required and left empty; absent: the text is optional. */
  requiredMessage?: string;
  maxLength: number;
  /** The submit button's words. */
  action: string;
  busy: boolean;
  /** What is decided, above the field. */
  children?: ReactNode;
  /** The trimmed text, or null when none was given. */
  onSubmit: (text: string | null) => void;
  onClose: () => void;
};

/**
 * A decision that carries a reason for the person it is about (declining a complaint or a
 * leave, resolving one with a note): the text is asked for in a modal, required only where the
 * decision needs one.
 */
export function ReasonDialog({
  title,
  label,
  requiredMessage,
  maxLength,
  action,
  busy,
  children,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Modal title={title} onClose={onClose}>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          const text = reason.trim();
          if (requiredMessage && !text) {
            setError(requiredMessage);
            return;
          }
          setError(undefined);
          onSubmit(text || null);
        }}
      >
        {children}
        <TextAreaField
          label={label}
          error={error}
          rows={3}
          maxLength={maxLength}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary btn-sm" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary btn-sm" disabled={busy}>
            {action}
          </button>
        </div>
      </form>
    </Modal>
  );
}
