import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';

/** What the control of a field spreads onto itself: its id and its link to the error. */
type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  label: string;
  error?: string;
  /** A control for the label's right-hand side, such as "Forgot password?". */
  action?: ReactNode;
  /** The label stays for screen readers only (a placeholder says the same on screen). */
  hideLabel?: boolean;
  className?: string;
  /** A rule the field must meet, shown below it from the start (read with the field). */
  hint?: string;
  /** The id to use instead of a generated one. */
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A label, its control and the control's error message. The control gets the id the label
 * points at, aria-invalid while there is an error, and aria-describedby naming the message,
 * so a screen reader reads the error with the field.
 */
export function FormField({ label, error, action, hint, hideLabel = false, className, id, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className={hideLabel ? undefined : action ? 'mb-1 flex items-center justify-between gap-2' : 'mb-1'}>
        <label htmlFor={controlId} className={hideLabel ? 'sr-only' : 'label'}>
          {label}
        </label>
        {action}
      </div>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A field's error message; rendered only while there is one. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}

/** What a field with a plain control takes: the field's own props, the rest go to the control. */
type FieldOwnProps = Omit<FormFieldProps, 'children'>;

/** Splits a plain field's props into the field's own and its control's. */
function splitField<Control>({
  label,
  error,
  action,
  hint,
  hideLabel,
  className,
  id,
  ...control
}: FieldOwnProps & Control): [FieldOwnProps, Omit<FieldOwnProps & Control, keyof FieldOwnProps>] {
  return [{ label, error, action, hint, hideLabel, className, id }, control];
}

type InputFieldProps = FieldOwnProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> & { ref?: Ref<HTMLInputElement> };

/** A field whose control is a text input (or any `<input>`), with the site's input look. */
export function InputField(props: InputFieldProps) {
  const [field, control] = splitField(props);
  return <FormField {...field}>{(ids) => <input {...ids} {...control} className="input" />}</FormField>;
}

type TextAreaFieldProps = FieldOwnProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'id'> & { ref?: Ref<HTMLTextAreaElement> };

/** A field whose control is a textarea, with the site's input look. */
export function TextAreaField(props: TextAreaFieldProps) {
  const [field, control] = splitField(props);
  return <FormField {...field}>{(ids) => <textarea {...ids} {...control} className="input" />}</FormField>;
}
