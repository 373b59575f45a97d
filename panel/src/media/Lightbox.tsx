// Built by the all-photos helper (issue 11 item 11).
export function Lightbox() {
  return null;
}
