import { LIMITS, ROOM_LABELS } from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';

/** Spec §9: the year lists offer the current year and the ten before it, newest first. */
export function yearOptions(now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: LIMITS.yearOptions }, (_, index) => current - index);
}

/** Spec §2: the blade panels' room picker has 25 rooms. */
export function roomOptions(): number[] {
  return Array.from({ length: LIMITS.bladeRoomOptions }, (_, index) => index + 1);
}

/** Spec §2: "1 Root-WW" … "9 Tip-LW", then "Oda 10" / "Room 10". */
export function roomLabel(room: number, t: Translate): string {
  const label = ROOM_LABELS[room];
  return label ? `${room} ${label}` : t('panel.turbine.room', { n: room });
}
