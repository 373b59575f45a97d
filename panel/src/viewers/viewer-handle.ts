/**
 * A point of the picture itself, independent of zoom and pan: pixels of the original for a flat photo, yaw and
 * pitch in radians for a panorama. Drawings are kept in these units so they land on the original at full resolution.
 */
export interface PicturePoint {
  x: number;
  y: number;
}

/** A part of the picture in its own units: a box of the original's pixels, or a panorama direction (no size). */
export interface PictureRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Screen ↔ picture for the viewer shown now; what a drawing layer over any viewer needs. */
export interface Projection {
  /** Where a picture point is, in CSS pixels from the viewer's top-left corner; null when out of sight. */
  toScreen(point: PicturePoint): { x: number; y: number } | null;
  /** The picture point under a screen point, or null where there is no picture. */
  fromScreen(x: number, y: number): PicturePoint | null;
  /** Picture units per CSS pixel at the current zoom (a 5 px stroke drawn now is `5 × this` units wide). */
  unitsPerPixel(): number;
  /** Calls `onChange` whenever the view moves (pan, zoom, resize); answers how to stop. */
  subscribe(onChange: () => void): () => void;
}

/** What the toolbar and the drawing layer may ask of the viewer on screen, whatever its kind. */
export interface ViewerHandle {
  zoomIn(): void;
  zoomOut(): void;
  resetZoom(): void;
  projection: Projection;
  /** Off while drawing, so a stroke does not also pan the picture. */
  setNavigation(enabled: boolean): void;
  /** Whether the zoom (where it is going) has reached its smallest or largest value: the buttons say so. */
  zoomLimits(): { atMin: boolean; atMax: boolean };
  /** Brings a part of the picture into view: a photo zooms to fit the box with a margin, a panorama turns to it. */
  focus(region: PictureRegion): void;
  /** Flat photos only: where the view is, so two viewers can move together (compare). */
  view?: SyncableView;
}

/** A view in the picture's own terms: its centre as fractions of its width and height, the zoom as × the fit. */
export interface ViewState {
  cx: number;
  cy: number;
  zoom: number;
}

export interface SyncableView {
  get(): ViewState;
  /** Moves there at once (no animation), so a follower keeps pace frame by frame. */
  set(view: ViewState): void;
  subscribe(onChange: () => void): () => void;
}

/** Spec §9: zoom 0.5× to 5× of the fitted picture, one step of 1.5. */
export const ZOOM = { min: 0.5, max: 5, step: 1.5 } as const;
