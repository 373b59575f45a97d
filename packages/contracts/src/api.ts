/** The envelope of every successful answer (spec §7: `success`, `data`, `message`). */
export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}

/** A page of a list: spec §7's `success` and `data`, the cursor of the next page (null on the last) and the total. */
export interface ApiPage<T> {
  success: true;
  data: T[];
  next_cursor: string | null;
  /** How many items match the filters, over every page. */
  total: number;
}
