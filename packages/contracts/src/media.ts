/**
 * Spec §5: an uploaded file's name uses only ASCII letters, digits, `_`, `-` and `.` — no spaces, parentheses or
 * Turkish letters. The name is metadata only (storage keys are made by the server); the rule keeps names that every
 * tool, URL and download header handles alike.
 */
export const FILE_NAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const FILE_NAME_MAX_LENGTH = 200;

/** The spec's file-name rule, the same for the panel's pickers and the bff's checks. */
export function isValidFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= FILE_NAME_MAX_LENGTH &&
    name !== '.' &&
    name !== '..' &&
    FILE_NAME_PATTERN.test(name)
  );
}

/**
 * Spec §2: the first nine rooms of a blade carry a position label (root, mid, tip × windward, suction, leeward
 * side); any other room reads "Oda n" / "Room n".
 */
export const ROOM_LABELS: Readonly<Record<number, string>> = {
  1: 'Root-WW',
  2: 'Mid-WW',
  3: 'Tip-WW',
  4: 'Root-SW',
  5: 'Mid-SW',
  6: 'Tip-SW',
  7: 'Root-LW',
  8: 'Mid-LW',
  9: 'Tip-LW',
};

/** The rooms a search text names: a number, "oda 5" / "room 5", or (part of) a position label such as "root-ww". */
export function roomsNamedBy(text: string): number[] {
  const query = text.trim().toLowerCase();
  if (!query) return [];
  const numbered = /^(?:oda|room)?\s*(\d{1,4})$/.exec(query);
  if (numbered) return [Number(numbered[1])];
  return Object.entries(ROOM_LABELS)
    .filter(([, label]) => label.toLowerCase().includes(query))
    .map(([room]) => Number(room));
}
