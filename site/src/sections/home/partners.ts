/**
 * The seven fictional partner companies of the home page's logo strip, each drawn here: a mark (SVG paths in
 * a 40×40 box, stroked or filled with the text colour) and a wordmark with its own lettering.
 */
export interface Partner {
  id: string;
  name: string;
  /** Stroked outlines, then filled shapes. */
  strokes: string[];
  fills: string[];
  /** Tailwind classes of the wordmark. */
  lettering: string;
}

export const PARTNERS: Partner[] = [
  {
    id: 'anadolu-ruzgar',
    name: 'Anadolu Rüzgar',
    strokes: ['M5 14c9-6 21-6 30 0', 'M3 21c11-7 23-7 34 0', 'M7 28c8-5 18-5 26 0'],
    fills: [],
    lettering: 'text-lg font-semibold tracking-tight',
  },
  {
    id: 'ege-yenilenebilir',
    name: 'ege yenilenebilir',
    strokes: [
      'M4 28c4-3 8 3 12 0s8 3 12 0 8 3 8 0',
      'M4 34c4-3 8 3 12 0s8 3 12 0 8 3 8 0',
      'M20 6v3M9 11l2 2M31 11l-2 2',
    ],
    fills: ['M11 22a9 9 0 0 1 18 0Z'],
    lettering: 'text-lg font-medium lowercase',
  },
  {
    id: 'poyraz-enerji',
    name: 'POYRAZ ENERJİ',
    strokes: ['M20 36a16 16 0 1 0 0-32 16 16 0 0 0 0 32Z'],
    fills: ['M29 11 18 29l-1.6-7.4L9 20Z'],
    lettering: 'text-sm font-bold tracking-[0.2em]',
  },
  {
    id: 'karadeniz-offshore',
    name: 'Karadeniz Offshore',
    strokes: ['M20 14v22', 'M20 14 12 7M20 14l9-4M20 14l1 10', 'M3 30c4-3 7 3 11 0s7 3 11 0 7 3 11 0'],
    fills: ['M18 26h4v12h-4Z'],
    lettering: 'text-lg font-bold italic',
  },
  {
    id: 'toros-turbin',
    name: 'Toros Türbin',
    strokes: ['M27 4v10M27 9l-5-3M27 9l5-3M27 9v-5'],
    fills: ['M2 35 15 15l6 8 5-6 12 18Z'],
    lettering: 'text-lg font-extrabold tracking-tight uppercase',
  },
  {
    id: 'marmara-grid',
    name: 'marmara·grid',
    strokes: ['M20 3 35 11.5v17L20 37 5 28.5v-17Z'],
    fills: ['M22 10 14 22h6l-2 8 8-12h-6Z'],
    lettering: 'font-mono text-base font-semibold',
  },
  {
    id: 'lodos-teknik',
    name: 'Lodos Teknik',
    strokes: [
      'M20 29a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z',
      'M20 5v4M20 31v4M5 20h4M31 20h4M9.4 9.4l2.8 2.8M27.8 27.8l2.8 2.8M9.4 30.6l2.8-2.8M27.8 12.2l2.8-2.8',
      'M16 20h9',
    ],
    fills: [],
    lettering: 'font-serif text-lg font-semibold',
  },
];
