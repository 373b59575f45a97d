import { type Projection } from '@/viewers/viewer-handle';

/** The part of the host a painting covers, in CSS pixels from the host's top-left corner (it may reach beyond it). */
export interface PaintedArea {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A pan that has stopped this long is painted afresh (sharp at the edges it uncovered). */
const SETTLE_MS = 120;

/** Where the view is: the screen position of the picture's origin and how many CSS pixels a picture unit is. */
export interface ViewPlace {
  x: number;
  y: number;
  scale: number;
}

function placeOf(projection: Projection): ViewPlace | null {
  const origin = projection.toScreen({ x: 0, y: 0 });
  const unit = projection.toScreen({ x: 1000, y: 0 });
  return origin && unit ? { x: origin.x, y: origin.y, scale: (unit.x - origin.x) / 1000 } : null;
}

/** A painting of the view at `place` on a host of `width` × `height`, reaching `margin` beyond it all round. */
export interface Painting extends ViewPlace {
  width: number;
  height: number;
  margin: number;
}

/**
 * How far to move the last painting to show the view now, when that is all it takes: the same zoom and host size,
 * and the painting still covers the host. Null when it must be painted afresh.
 */
export function panOf(
  painting: Painting | null,
  place: ViewPlace | null,
  size: { width: number; height: number },
): { dx: number; dy: number } | null {
  if (!painting || !place || painting.width !== size.width || painting.height !== size.height) return null;
  if (Math.abs(place.scale / painting.scale - 1) > 1e-6) return null;
  const [dx, dy] = [place.x - painting.x, place.y - painting.y];
  return Math.abs(dx) <= painting.margin && Math.abs(dy) <= painting.margin ? { dx, dy } : null;
}

/**
 * Keeps an overlay canvas over its host (the element it is laid in) in step with the view, painting it at most once
 * a frame. On a flat photo at rest the canvas reaches half a screen beyond the host all round, and while the picture
 * then only pans it is moved (a translate the compositor does) instead of painted again: a thousand regions pan as
 * lightly as the picture itself (bench:overlays). A zoom, a resize or a pan past that margin paints it each frame,
 * a change of what is shown (`repaint`) at once; a panorama turns rather than pans: it is painted every frame.
 */
export function followView(
  canvas: HTMLCanvasElement,
  projection: Projection,
  paint: (context: CanvasRenderingContext2D, area: PaintedArea) => void,
): { repaint: () => void; stop: () => void } {
  const host = canvas.parentElement!;
  let frame = 0;
  let settle = 0;
  let stale = true;
  let painted: Painting | null = null;

  const paintAfresh = (width: number, height: number, withMargin: boolean) => {
    const place = projection.surface === 'plane' ? placeOf(projection) : null;
    const margin = place && withMargin ? Math.round(Math.max(width, height) / 2) : 0;
    const ratio = window.devicePixelRatio || 1;
    const [outerWidth, outerHeight] = [width + 2 * margin, height + 2 * margin];
    if (canvas.width !== Math.round(outerWidth * ratio) || canvas.height !== Math.round(outerHeight * ratio)) {
      canvas.width = Math.round(outerWidth * ratio);
      canvas.height = Math.round(outerHeight * ratio);
    }
    Object.assign(canvas.style, {
      left: `${-margin}px`,
      top: `${-margin}px`,
      width: `${outerWidth}px`,
      height: `${outerHeight}px`,
      transform: '',
    });
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    // Drawn in the host's CSS pixels, whatever the margin and the device's pixel ratio.
    context.setTransform(ratio, 0, 0, ratio, margin * ratio, margin * ratio);
    paint(context, { left: -margin, top: -margin, right: width + margin, bottom: height + margin });
    painted = place && { ...place, width, height, margin };
    stale = false;
  };

  const update = () => {
    frame = 0;
    const [width, height] = [host.clientWidth, host.clientHeight];
    // At rest (first, a change of scene, a move that stopped) the painting gets its margin; a view on the move (a
    // zoom, a turn) is painted to the host's edges only, each frame, and with the margin once it stops.
    const atRest = stale;
    const pan = atRest ? null : panOf(painted, painted && placeOf(projection), { width, height });
    if (pan) canvas.style.transform = `translate(${pan.dx}px, ${pan.dy}px)`;
    else paintAfresh(width, height, atRest);
    if (atRest) return;
    clearTimeout(settle);
    settle = window.setTimeout(repaint, SETTLE_MS);
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  const repaint = () => {
    stale = true;
    schedule();
  };

  const unsubscribe = projection.subscribe(schedule);
  const resize = new ResizeObserver(schedule);
  resize.observe(host);
  repaint();
  return {
    repaint,
    stop: () => {
      unsubscribe();
      resize.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(settle);
    },
  };
}
