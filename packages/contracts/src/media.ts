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
