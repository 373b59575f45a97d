export const BLADES = ['A', 'B', 'C'] as const;
export type Blade = (typeof BLADES)[number];
/** Photos that are not of a blade room: taken by a drone, an operator or a robot (each has its own page). */
export const MEDIA_CATEGORIES = ['drone', 'operator', 'robot'] as const;
/**
 * After-repair photos (issue #24): uploaded on the blade and year of the repair they show, named by its completion.
 * Lists leave them out unless asked for (`category=repair`, or their ids), so blade rooms and category pages show
 * inspection photos only.
 */
export const REPAIR_PHOTO_CATEGORY = 'repair';
/** Every category an upload may name. */
export const UPLOAD_CATEGORIES = ['blade', ...MEDIA_CATEGORIES, REPAIR_PHOTO_CATEGORY] as const;
export type MediaCategory = (typeof UPLOAD_CATEGORIES)[number];
export const MEDIA_KINDS = ['photo', 'video', 'pointcloud'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_STATUSES = ['pending', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/**
 * What processing noticed about an original and went past (a media item's `processing_warning`): IMAGE_DAMAGED is a
 * JPEG whose data is damaged or cut short (a card error), shown as far as it could be read, as browsers show it.
 */
export const MEDIA_WARNING_CODES = ['IMAGE_DAMAGED'] as const;
export type MediaWarningCode = (typeof MEDIA_WARNING_CODES)[number];

/** The camera that made a photo or video, as its metadata names it (any part may be missing). */
export interface MediaCamera {
  make: string | null;
  model: string | null;
  lens: string | null;
}

/**
 * A camera of the photo list's filter (`?camera=`): `make|model` as the cameras list offers it. A make never holds
 * `|`, so the first one separates the two; an empty side is a camera that did not write it.
 */
export function cameraFilterValue(camera: Pick<MediaCamera, 'make' | 'model'>): string {
  return `${camera.make ?? ''}|${camera.model ?? ''}`;
}

/** A camera's name for people: make and model, without the make twice ("Canon" + "Canon EOS 40D"). */
export function cameraName(camera: Pick<MediaCamera, 'make' | 'model'>): string {
  const make = camera.make ?? '';
  const model = camera.model ?? '';
  const brand = make.split(' ')[0]!.toLowerCase();
  if (!model || !make) return model || make;
  return model.toLowerCase().startsWith(brand) ? model : `${make} ${model}`;
}

/** Spec §7's photo list, paged (DESIGN: lists page with a cursor): 200 a page by default, 1,000 at most. */
export const PHOTO_PAGE = { defaultLimit: 200, maxLimit: 1000, maxIds: 200 } as const;

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

/** The file name extensions of each kind of media an upload takes (the server still sniffs every file's bytes). */
export const MEDIA_EXTENSIONS = {
  photo: ['jpg', 'jpeg', 'png', 'webp', 'tif', 'tiff'],
  video: ['mp4', 'm4v', 'mov', 'webm'],
  pointcloud: ['pcd'],
} as const satisfies Record<MediaKind, readonly string[]>;

/** The kind of media a file name says it is, or null for a name no upload takes. */
export function mediaKindOfName(name: string): MediaKind | null {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (!name.includes('.')) return null;
  for (const kind of ['photo', 'video', 'pointcloud'] as const) {
    if ((MEDIA_EXTENSIONS[kind] as readonly string[]).includes(ext)) return kind;
  }
  return null;
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
