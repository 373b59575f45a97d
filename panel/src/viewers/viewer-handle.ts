/**
 * A point of the picture itself, independent of zoom and pan: pixels of the original for a flat photo, yaw and
 * pitch in radians for a panorama. Drawings are kept in these units so they land on the original at full resolution.
 */
export interface PicturePoint {
  x: number;
  y: number;
}

/** Flat pixels of the original, or directions on a sphere (yaw and pitch): how shapes bend between two points. */
export type PictureSurface = 'plane' | 'sphere';

/** A part of the picture in its own units: a box of the original's pixels, or a panorama direction (no size). */
export interface PictureRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Screen ↔ picture for the viewer shown now; what a drawing layer over any viewer needs. */
export interface Projection {
  surface: PictureSurface;
  /** Where a picture point is, in CSS pixels from the viewer's top-left corner; null when out of sight. */
  toScreen: (point: PicturePoint) => { x: number; y: number } | null;
  /** The picture point under a screen point, or null where there is no picture. */
  fromScreen: (x: number, y: number) => PicturePoint | null;
  /** Picture units per CSS pixel at the current zoom (a 5 px stroke drawn now is `5 × this` units wide). */
  unitsPerPixel: () => number;
  /** Calls `onChange` whenever the view moves (pan, zoom, resize); answers how to stop. */
  subscribe: (onChange: () => void) => () => void;
}

/** What the toolbar and the drawing layer may ask of the viewer on screen, whatever its kind. */
export interface ViewerHandle {
  zoomIn: () => void;
  zoomOut: () => void;
  resetZoom: () => void;
  projection: Projection;
  /** Whether the zoom (where it is going) has reached its smallest or largest value: the buttons say so. */
  zoomLimits: () => { atMin: boolean; atMax: boolean };
  /** Brings a part of the picture into view: a photo zooms to fit the box with a margin, a panorama turns to it. */
  focus: (region: PictureRegion) => void;
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
  get: () => ViewState;
  /** Moves there at once (no animation), so a follower keeps pace frame by frame. */
  set: (view: ViewState) => void;
  subscribe: (onChange: () => void) => () => void;
}

/** Spec §9: zoom 0.5× to 5× of the fitted picture, one step of 1.5. */
export const ZOOM = { min: 0.5, max: 5, step: 1.5 } as const;

/**
 * The handle of a viewer that may be destroyed while a screen still holds it (for the rest of a render, or in an
 * effect of the same commit): once `alive` says no, its commands do nothing instead of reaching into a dead viewer.
 */
export function guardedHandle(handle: ViewerHandle, alive: () => boolean): ViewerHandle {
  const guard =
    <A extends unknown[]>(command: (...args: A) => void) =>
    (...args: A) => {
      if (alive()) command(...args);
    };
  return {
    zoomIn: guard(handle.zoomIn),
    zoomOut: guard(handle.zoomOut),
    resetZoom: guard(handle.resetZoom),
    focus: guard(handle.focus),
    zoomLimits: () => (alive() ? handle.zoomLimits() : { atMin: true, atMax: true }),
    projection: {
      ...handle.projection,
      subscribe: (onChange) => (alive() ? handle.projection.subscribe(onChange) : () => undefined),
    },
    view: handle.view && { ...handle.view, set: guard(handle.view.set) },
  };
}
