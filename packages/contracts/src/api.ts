/** The envelope of every successful answer (spec §7: `success`, `data`, `message`). */
export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}
