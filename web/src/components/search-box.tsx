import { FormField } from './form-field';

type SearchBoxProps = { label: string; placeholder: string; value: string; onChange: (text: string) => void };

export function SearchBox({ label, placeholder, value, onChange }: SearchBoxProps) {
  return (
    <div className="mb-4 max-w-md" role="search">
      <FormField label={label}>
        {(control) => (
          <input
            {...control}
            type="search"
            value={value}
            placeholder={placeholder}
            onChange={(event) => onChange(event.target.value)}
            className="input"
          />
        )}
      </FormField>
    </div>
  );
}
