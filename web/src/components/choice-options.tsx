/**
 * The options of a select over a fixed list: first the empty choice ("Any status", "Choose…")
 * when there is one, then each value under its label (the value itself where the list has no
 * labels).
 */
export function ChoiceOptions<T extends string>({
  blank,
  values,
  labels,
}: {
  blank?: string;
  values: readonly T[];
  labels?: Readonly<Record<T, string>>;
}) {
  return (
    <>
      {blank !== undefined && <option value="">{blank}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {labels ? labels[value] : value}
        </option>
      ))}
    </>
  );
}

/**
 * A radio button for each value of a fixed list, under its label; the caller's fieldset and
 * legend name the group. `onChoose` gets the value picked.
 */
export function RadioChoices<T extends string>({
  name,
  values,
  labels,
  checked,
  onChoose,
}: {
  name: string;
  values: readonly T[];
  labels: Readonly<Record<T, string>>;
  checked: T;
  onChoose: (value: T) => void;
}) {
  return values.map((value) => (
    <label key={value} className="flex items-center gap-2 text-sm text-stone-800">
      <input type="radio" name={name} value={value} checked={checked === value} onChange={() => onChoose(value)} />
      {labels[value]}
    </label>
  ));
}

/**
 * A checkbox for each value of a fixed list, under its label; the caller's fieldset and legend
 * name the group. `onChoose` gets the values checked, in the list's order.
 */
export function CheckboxChoices<T extends string>({
  values,
  labels,
  checked,
  onChoose,
}: {
  values: readonly T[];
  labels: Readonly<Record<T, string>> | ((value: T) => string);
  checked: readonly T[];
  onChoose: (values: T[]) => void;
}) {
  return values.map((value) => (
    <label key={value} className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={checked.includes(value)}
        onChange={(event) =>
          onChoose(values.filter((each) => (each === value ? event.target.checked : checked.includes(each))))
        }
      />
      {typeof labels === 'function' ? labels(value) : labels[value]}
    </label>
  ));
}
