import { useEffect, useRef, useState } from 'react';
import { useI18n } from '@/i18n/language';
import { type PicturePoint, type Projection } from '../viewer-handle';
import { DRAWING, type DrawingTool, paintShapes, type Shape } from './shapes';

interface DrawingLayerProps {
  projection: Projection;
  /** The tool in hand, or null when drawing is off (the layer then lets every pointer through to the viewer). */
  tool: DrawingTool | null;
  shapes: readonly Shape[];
  onAdd: (shape: Shape) => void;
}

/**
 * A canvas over the viewer: paints the shapes where the picture now is (following pan and zoom), and turns
 * pointer strokes into shapes in picture units. While a shape is drawn it is previewed with the thinner stroke.
 */
export function DrawingLayer({ projection, tool, shapes, onAdd }: DrawingLayerProps) {
  const { t } = useI18n();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [draft, setDraft] = useState<Shape | null>(null);
  const [textAt, setTextAt] = useState<{ screen: { x: number; y: number }; point: PicturePoint } | null>(null);
  const [text, setText] = useState('');

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let frame = 0;
    const paint = () => {
      frame = 0;
      const ratio = window.devicePixelRatio || 1;
      const width = element.clientWidth;
      const height = element.clientHeight;
      if (element.width !== Math.round(width * ratio) || element.height !== Math.round(height * ratio)) {
        element.width = Math.round(width * ratio);
        element.height = Math.round(height * ratio);
      }
      const context = element.getContext('2d');
      if (!context) return;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.clearRect(0, 0, width, height);
      const placement = {
        place: (point: PicturePoint) => projection.toScreen(point),
        scale: 1 / projection.unitsPerPixel(),
      };
      paintShapes(context, shapes, placement);
      if (draft) paintShapes(context, [draft], placement, { strokeOverride: DRAWING.previewStroke });
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(paint);
    };
    paint();
    const stop = projection.subscribe(schedule);
    const resize = new ResizeObserver(schedule);
    resize.observe(element);
    return () => {
      stop();
      resize.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [projection, shapes, draft]);

  const pointAt = (event: React.PointerEvent): { screen: { x: number; y: number }; point: PicturePoint } | null => {
    const bounds = event.currentTarget.getBoundingClientRect();
    const screen = { x: event.clientX - bounds.left, y: event.clientY - bounds.top };
    const point = projection.fromScreen(screen.x, screen.y);
    return point ? { screen, point } : null;
  };

  const onPointerDown = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!tool || event.button !== 0) return;
    const at = pointAt(event);
    if (!at) return;
    event.preventDefault();
    if (tool === 'text') {
      setTextAt(at);
      setText('');
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    const width = DRAWING.stroke * projection.unitsPerPixel();
    if (tool === 'pen') setDraft({ kind: 'pen', points: [at.point], width });
    else if (tool === 'rectangle') setDraft({ kind: 'rectangle', from: at.point, to: at.point, width });
    else setDraft({ kind: 'circle', center: at.point, edge: at.point, width });
  };

  const onPointerMove = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!draft) return;
    const at = pointAt(event);
    if (!at) return;
    if (draft.kind === 'pen') setDraft({ ...draft, points: [...draft.points, at.point] });
    else if (draft.kind === 'rectangle') setDraft({ ...draft, to: at.point });
    else if (draft.kind === 'circle') setDraft({ ...draft, edge: at.point });
  };

  const finish = () => {
    if (draft) onAdd(draft);
    setDraft(null);
  };

  const commitText = () => {
    const value = text.trim();
    if (textAt && value) {
      onAdd({ kind: 'text', at: textAt.point, text: value, size: DRAWING.textSize * projection.unitsPerPixel() });
    }
    setTextAt(null);
    setText('');
  };

  return (
    <>
      <canvas
        ref={canvas}
        className={`absolute inset-0 size-full ${tool ? 'cursor-crosshair touch-none' : 'pointer-events-none'}`}
        data-testid="drawing-layer"
        data-shapes={shapes.length}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={finish}
        onPointerCancel={() => setDraft(null)}
      />
      {textAt && (
        <input
          // The text tool asks for its words where the user clicked.
          autoFocus
          aria-label={t('panel.drawing.textLabel')}
          placeholder={t('panel.drawing.textPlaceholder')}
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          onBlur={commitText}
          onKeyDown={(event) => {
            event.stopPropagation();
            if (event.key === 'Enter') commitText();
            else if (event.key === 'Escape') {
              setTextAt(null);
              setText('');
            }
          }}
          className="absolute z-10 w-56 rounded border border-red-400 bg-white/95 px-2 py-1 text-sm text-slate-900 shadow"
          style={{ left: textAt.screen.x, top: textAt.screen.y }}
          data-testid="drawing-text-input"
        />
      )}
    </>
  );
}
