/** Whether a key press goes to something the user types in (or a player that takes arrows), not to the page. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(
    element && (['INPUT', 'SELECT', 'TEXTAREA', 'VIDEO'].includes(element.tagName) || element.isContentEditable),
  );
}
