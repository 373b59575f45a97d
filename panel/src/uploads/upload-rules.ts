import { type ErrorCode, isValidFileName, LIMITS, type MediaKind, mediaKindOfName } from '@kanat360/contracts';

/**
 * Which files a picker takes: spec §2's blade panels take images and `.pcd`, the category sections images and
 * videos, the reports panel PDFs.
 */
export type PickerKind = 'blade' | 'category' | 'report';
export type MediaPickerKind = Exclude<PickerKind, 'report'>;

const ACCEPTED_KINDS: Record<MediaPickerKind, readonly MediaKind[]> = {
  blade: ['photo', 'pointcloud'],
  category: ['photo', 'video'],
};

/** The `accept` attribute of a picker's file input. */
export function acceptAttribute(picker: PickerKind): string {
  return { blade: 'image/*,.pcd', category: 'image/*,video/*', report: 'application/pdf,.pdf' }[picker];
}

/** The kind of a chosen file, by its name first and by the browser's type when the name says nothing. */
export function kindOfFile(file: Pick<File, 'name' | 'type'>): MediaKind | null {
  return (
    mediaKindOfName(file.name) ??
    (file.type.startsWith('image/') ? 'photo' : file.type.startsWith('video/') ? 'video' : null)
  );
}

/**
 * Spec §7: below 4 MB a file goes in one multipart request; 4 MB and above, and every video, straight to the store
 * (presign → PUT → confirm).
 */
export function usesDirectUpload(file: Pick<File, 'name' | 'type' | 'size'>): boolean {
  return file.size >= LIMITS.directUploadThresholdBytes || kindOfFile(file) === 'video';
}

export interface SkippedChoice {
  name: string;
  code: ErrorCode;
}

/**
 * Spec §5's rules before a byte is sent: the naming rule, the types the picker takes, videos over 50 GB, and names
 * already chosen or already on the turbine (compared without regard to case, as the server does).
 */
export function screenFiles<T extends Pick<File, 'name' | 'type' | 'size'>>(
  files: readonly T[],
  picker: MediaPickerKind,
  takenNames: Iterable<string> = [],
): { accepted: T[]; skipped: SkippedChoice[] } {
  const taken = new Set([...takenNames].map((name) => name.toLowerCase()));
  const accepted: T[] = [];
  const skipped: SkippedChoice[] = [];
  for (const file of files) {
    const kind = kindOfFile(file);
    if (!isValidFileName(file.name)) skipped.push({ name: file.name, code: 'FILE_NAME_INVALID' });
    else if (kind === null || !ACCEPTED_KINDS[picker].includes(kind))
      skipped.push({ name: file.name, code: 'FILE_TYPE_UNKNOWN' });
    else if (kind === 'video' && file.size > LIMITS.videoMaxBytes)
      skipped.push({ name: file.name, code: 'VIDEO_TOO_LARGE' });
    else if (file.size === 0) skipped.push({ name: file.name, code: 'FILE_EMPTY' });
    else if (taken.has(file.name.toLowerCase())) skipped.push({ name: file.name, code: 'DUPLICATE_FILE_NAME' });
    else {
      taken.add(file.name.toLowerCase());
      accepted.push(file);
    }
  }
  return { accepted, skipped };
}

/** Spec §5's report rules: a PDF by its type, with a valid name; anything else is skipped before sending. */
export function screenReports<T extends Pick<File, 'name' | 'type' | 'size'>>(
  files: readonly T[],
): { accepted: T[]; skipped: SkippedChoice[] } {
  const accepted: T[] = [];
  const skipped: SkippedChoice[] = [];
  for (const file of files) {
    const pdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
    if (!pdf) skipped.push({ name: file.name, code: 'REPORT_NOT_PDF' });
    else if (!isValidFileName(file.name)) skipped.push({ name: file.name, code: 'REPORT_NAME_INVALID' });
    else if (file.size === 0) skipped.push({ name: file.name, code: 'FILE_EMPTY' });
    else accepted.push(file);
  }
  return { accepted, skipped };
}

/** The skipped files grouped by reason, in the order the reasons first came up (one message each, spec §5). */
export function groupSkipped(skipped: readonly SkippedChoice[]): { code: ErrorCode; names: string[] }[] {
  const groups = new Map<ErrorCode, string[]>();
  for (const skip of skipped) groups.set(skip.code, [...(groups.get(skip.code) ?? []), skip.name]);
  return [...groups].map(([code, names]) => ({ code, names }));
}
