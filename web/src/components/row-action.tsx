const toneClasses = {
  dark: 'btn-dark btn-sm',
  danger: 'btn-danger btn-sm',
  success: 'btn-success btn-sm',
} as const;

type RowActionProps = {
  /** What the button says: "Delete". */
  label: string;
  /** The row it acts on, "Lentil Soup": every row has a "Delete", so the name says whose. */
  row: string;
  tone: keyof typeof toneClasses;
  onClick: () => void;
  /** Held while the row's own call is under way, so it is not sent twice. */
  busy?: boolean;
};

/**
 * A button that acts on one row of a table. Its accessible name is what it says and then the
 * row ("Delete Lentil Soup"), so the name a voice user reads aloud from the screen matches.
 */
export function RowAction({ label, row, tone, onClick, busy = false }: RowActionProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-label={`${label} ${row}`}
      className={toneClasses[tone]}
    >
      {label}
    </button>
  );
}
