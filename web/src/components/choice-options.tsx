/**
 * The options of a select over a fixed list: first the empty choice ("Any status", "Choose…"),
 * then each value under its label (the value itself where the list has no labels).
 */
export function ChoiceOptions<T extends string>({
  blank,
  values,
  labels,
}: {
  blank: string;
  values: readonly T[];
  labels?: Readonly<Record<T, string>>;
}) {
  return (
    <>
      <option value="">{blank}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels ? labels[value] : value}
        </option>
      ))}
    </>
  );
}
