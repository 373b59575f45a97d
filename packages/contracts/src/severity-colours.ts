import { type FindingSeverity } from './findings.js';

/**
 * One colour per GWO severity wherever a finding is drawn (the panel, the inspection report, the Excel export): green for minor up
 * to deep red for structural failure, the usual traffic-light order inspectors read at a glance. Hex, because
 * canvases and SVG take them as they are.
 */
export const SEVERITY_COLOURS = {
  1: '#16a34a',
  2: '#ca8a04',
  3: '#ea580c',
  4: '#dc2626',
  5: '#7f1d1d',
} as const satisfies Record<FindingSeverity, string>;

/** Text on a severity colour: light on the dark ones (white on the green reads at 3.3:1 only, under WCAG's 4.5). */
export const SEVERITY_TEXT = {
  1: '#111827',
  2: '#111827',
  3: '#111827',
  4: '#ffffff',
  5: '#ffffff',
} as const satisfies Record<FindingSeverity, string>;
