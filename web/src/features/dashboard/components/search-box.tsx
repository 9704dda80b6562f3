import { useId } from 'react';
import { inputClass } from './image-field';

type SearchBoxProps = { label: string; placeholder: string; value: string; onChange: (text: string) => void };

export function SearchBox({ label, placeholder, value, onChange }: SearchBoxProps) {
  const id = useId();
  return (
    <div className="mb-4 max-w-md" role="search">
      <label htmlFor={id} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
    </div>
  );
}
