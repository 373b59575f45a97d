import { LIMITS } from '@kanat360/contracts';

/** Spec §9's mobile user agents ("android, iphone, ipad, tablet and similar"). */
const MOBILE_USER_AGENT = /android|iphone|ipad|ipod|tablet|mobile|blackberry|opera mini|iemobile/i;

export interface DeviceTraits {
  /** The viewport width in CSS pixels. */
  width: number;
  userAgent: string;
  /** navigator.maxTouchPoints, when known. */
  maxTouchPoints?: number;
}

/**
 * Whether the panel refuses this device (spec §1, §9): a viewport of 768 px or less, or a mobile user agent.
 * iPadOS reports a desktop Mac user agent, so a "Macintosh" with a multi-touch screen counts as an iPad.
 */
export function isMobileDevice({ width, userAgent, maxTouchPoints = 0 }: DeviceTraits): boolean {
  if (width <= LIMITS.mobileMaxWidth) return true;
  if (MOBILE_USER_AGENT.test(userAgent)) return true;
  return /macintosh/i.test(userAgent) && maxTouchPoints > 1;
}
