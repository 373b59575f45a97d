/** Up to two capital letters of a name (Turkish casing, so "ı" becomes "I" and "i" becomes "İ"). */
export function initialsOf(...words: string[]): string {
  const letters = words
    .flatMap((word) => word.trim().split(/\s+/))
    .filter(Boolean)
    .map((word) => word.charAt(0));
  const picked = letters.length > 2 ? [letters[0], letters.at(-1)] : letters;
  return picked.join('').toLocaleUpperCase('tr-TR');
}

const SIZES = { sm: 'size-9 text-sm', md: 'size-11 text-base' } as const;

/** A round badge of initials standing in for a picture; decorative, the name is always written beside it. */
export function Initials({ text, size = 'sm' }: { text: string; size?: keyof typeof SIZES }) {
  return (
    <span
      className={`flex ${SIZES[size]} shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white dark:bg-brand-300 dark:text-slate-950`}
      aria-hidden="true"
    >
      {text}
    </span>
  );
}
