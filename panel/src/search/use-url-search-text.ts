import { useEffect, useRef, useState } from 'react';

/**
 * What a new URL value means to a search box that mirrors its text into the URL: an echo of texts it wrote
 * itself (`pending`, oldest first) or a change made elsewhere (a link, the browser's back button), which the box
 * must then show. Echoes can arrive late or be skipped when navigations collapse, so an echo of the newest text
 * settles everything and an older one settles what came before it.
 */
export function settleUrlText(pending: readonly string[], urlText: string): { pending: string[]; external: boolean } {
  if (pending.at(-1) === urlText) return { pending: [], external: false };
  const index = pending.indexOf(urlText);
  if (index >= 0) return { pending: pending.slice(index + 1), external: false };
  return { pending: [], external: true };
}

/**
 * A search text typed into local state at once (a box bound to the URL would lag behind fast typing, since the
 * router updates its search after the route loads) and written to the URL by `write`; the URL's own changes win.
 */
export function useUrlSearchText(urlText: string, write: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(urlText);
  const pending = useRef<string[]>([]);

  useEffect(() => {
    const settled = settleUrlText(pending.current, urlText);
    pending.current = settled.pending;
    if (settled.external) setText(urlText);
  }, [urlText]);

  const change = (next: string) => {
    setText(next);
    pending.current.push(next);
    write(next);
  };
  return [text, change];
}
