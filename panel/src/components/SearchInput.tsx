import { StrokeIcon } from './StrokeIcon';

/** A search box with its label for assistive technology; the placeholder is a hint only. */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
  className = 'w-72',
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={`relative ${className}`}>
      <StrokeIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400">
        <path d="m21 21-5.2-5.2m0 0A7.5 7.5 0 1 0 5.2 5.2a7.5 7.5 0 0 0 10.6 10.6Z" />
      </StrokeIcon>
      <input
        type="search"
        className="input pl-9"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
