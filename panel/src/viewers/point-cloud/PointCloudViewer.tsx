import { type MediaItem } from '@kanat360/contracts';
import { type MessageKey } from '@kanat360/i18n';
import { useEffect, useRef, useState } from 'react';
import { StrokeIcon } from '@/components/StrokeIcon';
import { useI18n } from '@/i18n/language';
import { formatBytes } from '@/uploads/format-bytes';
import { PointCloudScene } from './point-cloud-scene';
import { type LoadedCloud, type LoadErrorCode, type WorkerMessage } from './point-cloud-worker-messages';
import { type ColourSource } from './point-colours';
import { savedUpAxis, saveUpAxis, type UpAxis } from './up-axis';

/**
 * The most points drawn at once. Measured in Chromium on software GL (tests/bench/pointcloud.bench.mjs): 3 million
 * points still orbit at about 30 frames a second there, and a real GPU has room to spare; beyond it a file is
 * thinned out evenly while it is read.
 */
const POINT_BUDGET = 3_000_000;
const DEFAULT_POINT_SIZE = 2;

type LoadState =
  | { phase: 'loading'; step: 'download' | 'parse'; loaded: number; total: number | null }
  | { phase: 'shown'; cloud: Omit<LoadedCloud, 'positions' | 'colours'> }
  | { phase: 'failed'; code: LoadErrorCode; detail: string };

const ERROR_TEXT: Record<LoadErrorCode, MessageKey> = {
  FETCH_FAILED: 'panel.pointcloud.error.FETCH_FAILED',
  NOT_PCD: 'panel.pointcloud.error.NOT_PCD',
  HEADER_INVALID: 'panel.pointcloud.error.HEADER_INVALID',
  NO_XYZ: 'panel.pointcloud.error.NO_XYZ',
  UNSUPPORTED_DATA: 'panel.pointcloud.error.UNSUPPORTED_DATA',
  TRUNCATED: 'panel.pointcloud.error.TRUNCATED',
  CORRUPT_COMPRESSED: 'panel.pointcloud.error.CORRUPT_COMPRESSED',
  DATA_INVALID: 'panel.pointcloud.error.DATA_INVALID',
  NO_POINTS: 'panel.pointcloud.error.NO_POINTS',
};

const COLOUR_TEXT: Record<ColourSource, MessageKey> = {
  rgb: 'panel.pointcloud.colour.rgb',
  intensity: 'panel.pointcloud.colour.intensity',
  height: 'panel.pointcloud.colour.height',
};

function Progress({ state }: { state: Extract<LoadState, { phase: 'loading' }> }) {
  const { t, locale } = useI18n();
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const share = state.total ? state.loaded / state.total : null;
  const text =
    state.step === 'parse'
      ? t('panel.pointcloud.reading', { percent: percent.format(state.loaded) })
      : t('panel.pointcloud.downloading', {
          progress: share === null ? formatBytes(state.loaded, locale) : percent.format(share),
        });
  return (
    <div
      className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-slate-200"
      role="status"
      data-testid="pointcloud-loading"
    >
      <p className="text-sm">{text}</p>
      <div className="h-1.5 w-56 overflow-hidden rounded-full bg-slate-800" aria-hidden="true">
        <div
          className={`h-full rounded-full bg-brand-300 transition-[width] ${share === null && state.step === 'download' ? 'w-1/3 animate-pulse' : ''}`}
          style={
            share === null && state.step === 'download'
              ? undefined
              : { width: `${Math.round((state.step === 'parse' ? state.loaded : (share ?? 0)) * 100)}%` }
          }
        />
      </div>
    </div>
  );
}

function ErrorCard({ item, code }: { item: MediaItem; code: LoadErrorCode }) {
  const { t } = useI18n();
  return (
    <div className="absolute inset-0 flex items-center justify-center p-4">
      <div
        className="flex max-w-md flex-col items-center gap-3 rounded-2xl bg-slate-800/90 p-8 text-center text-slate-100"
        role="alert"
        data-testid="pointcloud-error"
      >
        <StrokeIcon className="size-10 text-amber-300" strokeWidth={1.4}>
          <path d="M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z" />
        </StrokeIcon>
        <p className="text-base font-semibold">{t('panel.pointcloud.errorTitle')}</p>
        <p className="text-sm text-slate-300">{t(ERROR_TEXT[code])}</p>
        <a href={item.download_url} className="btn-secondary" download>
          {t('panel.lightbox.download')}
        </a>
      </div>
    </div>
  );
}

/**
 * A `.pcd` in three.js: orbit, zoom and pan, fitted to the view, coloured by the file's RGB, else intensity, else
 * height. One WebGL context for the viewer's life: another item swaps the cloud in it. The file is fetched and read
 * in a worker (ended, download and all, when the item changes or the viewer goes), thinned out beyond the point
 * budget, which the status line says.
 */
export default function PointCloudViewer({ item }: { item: MediaItem }) {
  const { t, locale } = useI18n();
  const container = useRef<HTMLDivElement>(null);
  const scene = useRef<PointCloudScene | null>(null);
  const [state, setState] = useState<LoadState>({ phase: 'loading', step: 'download', loaded: 0, total: null });
  const [pointSize, setPointSize] = useState(DEFAULT_POINT_SIZE);
  const initialPointSize = useRef(pointSize);
  // Another file: its own up axis, as chosen for it in this browser.
  const [upAxis, setUpAxis] = useState<{ mediaId: number; axis: UpAxis }>(() => ({
    mediaId: item.id,
    axis: savedUpAxis(item.id),
  }));
  if (upAxis.mediaId !== item.id) setUpAxis({ mediaId: item.id, axis: savedUpAxis(item.id) });
  // The axis a cloud arriving from the worker is shown with.
  const shownAxis = useRef(upAxis.axis);
  useEffect(() => {
    shownAxis.current = upAxis.axis;
  }, [upAxis.axis]);
  const chooseUpAxis = (axis: UpAxis) => {
    saveUpAxis(item.id, axis);
    setUpAxis({ mediaId: item.id, axis });
    scene.current?.setUpAxis(axis);
  };

  useEffect(() => {
    const created = new PointCloudScene(container.current!, initialPointSize.current);
    scene.current = created;
    return () => {
      created.dispose();
      scene.current = null;
    };
  }, []);

  // Another file starts loading from nothing.
  const [stateOf, setStateOf] = useState(item.url);
  if (stateOf !== item.url) {
    setStateOf(item.url);
    setState({ phase: 'loading', step: 'download', loaded: 0, total: null });
  }
  useEffect(() => {
    scene.current?.clear();
    const worker = new Worker(new URL('./pcd.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      switch (message.type) {
        case 'progress':
          setState({ phase: 'loading', step: message.phase, loaded: message.loaded, total: message.total });
          break;
        case 'loaded': {
          const { positions: _positions, colours: _colours, ...facts } = message.cloud;
          scene.current?.show(message.cloud, shownAxis.current);
          setState({ phase: 'shown', cloud: facts });
          worker.terminate();
          break;
        }
        case 'failed':
          setState({ phase: 'failed', code: message.code, detail: message.detail });
          worker.terminate();
          break;
      }
    };
    worker.onerror = (event) => {
      setState({ phase: 'failed', code: 'FETCH_FAILED', detail: event.message });
      worker.terminate();
    };
    worker.postMessage({ url: new URL(item.url, window.location.href).href, budget: POINT_BUDGET });
    return () => worker.terminate();
  }, [item.url]);

  useEffect(() => {
    scene.current?.setPointSize(pointSize);
  }, [pointSize]);

  const number = new Intl.NumberFormat(locale);
  const cloud = state.phase === 'shown' ? state.cloud : null;
  return (
    <div
      className="@container relative flex size-full min-h-80 flex-col overflow-hidden rounded-xl bg-slate-950 ring-1 ring-slate-800"
      role="region"
      aria-label={t('panel.pointcloud.label', { name: item.originalName })}
      data-testid="stage-pointcloud"
      data-state={state.phase}
      data-up-axis={upAxis.axis}
    >
      <div ref={container} className="relative min-h-0 flex-1" />
      {state.phase === 'loading' && <Progress state={state} />}
      {state.phase === 'failed' && <ErrorCard item={item} code={state.code} />}
      {/* There while loading too, so the canvas keeps its size when the cloud arrives. */}
      <div
        className={`min-h-11 flex-wrap items-center gap-x-5 gap-y-2 border-t border-slate-800 bg-slate-900/90 px-4 py-2 text-xs text-slate-300 ${state.phase === 'failed' ? 'hidden' : 'flex'}`}
      >
        {cloud && (
          <>
            <p className="font-medium text-slate-100" data-testid="pointcloud-status">
              {cloud.decimated
                ? t('panel.pointcloud.decimated', {
                    shown: number.format(cloud.pointsShown),
                    total: number.format(cloud.pointsInFile),
                  })
                : t('panel.pointcloud.points', { n: cloud.pointsShown })}
            </p>
            <p>
              {t(
                cloud.source === 'height' && upAxis.axis === 'y'
                  ? 'panel.pointcloud.colour.heightY'
                  : COLOUR_TEXT[cloud.source],
              )}
            </p>
            <p className="hidden text-slate-400 @3xl:block">{t('panel.pointcloud.hint')}</p>
            <div className="ml-auto flex items-center gap-4">
              <div
                role="group"
                aria-label={t('panel.pointcloud.upAxis')}
                className="flex rounded-lg ring-1 ring-slate-700"
              >
                {(['y', 'z'] as const).map((axis) => (
                  <button
                    key={axis}
                    type="button"
                    className={`cursor-pointer px-2 py-1 text-xs first:rounded-l-lg last:rounded-r-lg ${upAxis.axis === axis ? 'bg-slate-700 text-white' : 'text-slate-300 hover:bg-slate-800'}`}
                    aria-pressed={upAxis.axis === axis}
                    onClick={() => chooseUpAxis(axis)}
                    data-testid={`pointcloud-up-${axis}`}
                  >
                    {t(axis === 'y' ? 'panel.pointcloud.upAxisY' : 'panel.pointcloud.upAxisZ')}
                  </button>
                ))}
              </div>
              <label className="flex items-center gap-2">
                {t('panel.pointcloud.pointSize')}
                <input
                  type="range"
                  min={1}
                  max={8}
                  step={0.5}
                  value={pointSize}
                  onChange={(event) => setPointSize(Number(event.target.value))}
                  className="w-24 accent-brand-300"
                />
              </label>
              <button
                type="button"
                className="btn-ghost px-2 py-1 text-xs text-slate-100 hover:bg-slate-800"
                onClick={() => scene.current?.fit()}
              >
                <StrokeIcon className="size-4">
                  <path d="M3.75 3.75v4.5m0-4.5h4.5m-4.5 0L9 9M3.75 20.25v-4.5m0 4.5h4.5m-4.5 0L9 15M20.25 3.75h-4.5m4.5 0v4.5m0-4.5L15 9m5.25 11.25h-4.5m4.5 0v-4.5m0 4.5L15 15" />
                </StrokeIcon>
                {t('panel.pointcloud.fit')}
              </button>
            </div>
          </>
        )}
      </div>
      {cloud?.decimated && (
        <p
          className="absolute top-3 left-3 max-w-sm rounded-lg bg-slate-900/85 px-3 py-2 text-xs text-amber-200 ring-1 ring-amber-300/30"
          data-testid="pointcloud-decimated"
        >
          {t('panel.pointcloud.decimatedWhy')}
        </p>
      )}
    </div>
  );
}
