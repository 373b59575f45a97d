/** Business constants and limits of spec §9, one truth for the bff, the panel and the site. */
export const LIMITS = {
  apiTimeoutMs: 10_000,
  presignTimeoutMs: 60_000,
  multipartTimeoutMs: 300_000,
  multipartMaxBytes: 55 * 1024 * 1024,
  directUploadThresholdBytes: 4 * 1024 * 1024,
  videoMaxBytes: 50 * 1024 ** 3,
  passwordMinLength: 6,
  /** Long enough for any passphrase, short enough that hashing it cannot be used to tie up the server. */
  passwordMaxLength: 128,
  defaultRooms: 3,
  /** A ceiling on a turbine's rooms, so a typo cannot make a picker of a million entries. */
  maxRooms: 100,
  bladeRoomOptions: 25,
  blades: ['A', 'B', 'C'],
  yearOptions: 11,
  commentMaxLength: 500,
  commentCollapseAt: 100,
  commentEditWindowMinutes: 60,
  compareMax: 2,
  zoomMin: 0.5,
  zoomMax: 5,
  zoomStep: 1.5,
  photoPollMs: 15_000,
  mobileMaxWidth: 768,
  slideshowMs: 3000,
  slideshowFadeMs: 1500,
  loginSliderMs: 6500,
  toastMs: 3000,
  skippedNamesToastMs: 5000,
  skippedReportsToastMs: 8000,
  contactButtonDelayMs: 1000,
  /** How long the contact form's success message stays (spec §4). */
  contactSuccessMs: 3000,
  companyRedirectMs: 2000,
} as const;

/** The partner company the spec hides from every list. */
export const SYSTEM_COMPANY_ID = 999;
/** The root superadmin the spec protects from edits, password changes and deletion. */
export const PROTECTED_USER_ID = 35;

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const SESSION_COOKIE = 'kanat360_session';
/** The client's chosen language, sent with every API call so messages and mails come back in it. */
export const LANGUAGE_HEADER = 'X-Lang';
/** Local storage key of the signed-in user's non-secret profile (the session itself is an httpOnly cookie). */
export const SESSION_USER_STORAGE_KEY = 'kanat360.user';
