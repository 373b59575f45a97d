import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  Color,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  Scene,
  Sphere,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { type LoadedCloud } from './point-cloud-worker-messages';
import { heightColours } from './point-colours';
import { type UpAxis, uprightBounds, Y_UP_TURN_X } from './up-axis';

const BACKGROUND = 0x020617; // slate-950, the stage's own background
/** The fitted view: from 25° above and 20° round from square-on, with z up as scanners write it. */
const FIT_ELEVATION = (25 * Math.PI) / 180;
const FIT_AZIMUTH = (20 * Math.PI) / 180;
/** Room left around the cloud when fitted. */
const FIT_MARGIN = 1.08;
/**
 * While the camera moves, only a prefix of the (progressively ordered) points is drawn, resized frame by frame to
 * keep frames between these times; at rest every point is drawn once. Measured on software GL (no GPU) a frame
 * costs about 1 µs a point, so 3 million points would take seconds a frame there; a GPU takes far more.
 */
const MOVING_FRAME_MS: readonly [number, number] = [20, 40];
const MOVING_POINTS_START = 250_000;
const MOVING_POINTS_MIN = 10_000;

/**
 * One WebGL context with its camera and orbit controls for the life of a viewer; clouds come and go in it. It
 * draws on demand (a control moved, the size changed, a cloud arrived), never in a loop, so an idle viewer costs
 * nothing.
 */
export class PointCloudScene {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(45, 1, 0.01, 1000);
  private readonly controls: OrbitControls;
  private readonly material: PointsMaterial;
  private readonly resizeObserver: ResizeObserver;
  private points: Points<BufferGeometry, PointsMaterial> | null = null;
  private frame = 0;
  private movingPoints = MOVING_POINTS_START;
  private lastMovingFrame = 0;
  private bounds = new Sphere(new Vector3(), 1);
  private box = new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1));
  /** The shown cloud's bounds as the file has them, before it is stood upright. */
  private fileBounds: { min: [number, number, number]; max: [number, number, number] } = {
    min: [-1, -1, -1],
    max: [1, 1, 1],
  };
  /** The axis whose height colours the shown cloud (the worker colours by z), or null when it has its own colours. */
  private paintedUp: UpAxis | null = null;

  constructor(
    private readonly container: HTMLElement,
    pointSize: number,
  ) {
    // preserveDrawingBuffer: frames are drawn on demand, so a screenshot or a copy of the canvas must see the last.
    this.renderer = new WebGLRenderer({
      antialias: false,
      preserveDrawingBuffer: true,
      powerPreference: 'high-performance',
    });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setClearColor(new Color(BACKGROUND));
    const canvas = this.renderer.domElement;
    canvas.className = 'block size-full touch-none outline-none';
    canvas.dataset.testid = 'pointcloud-canvas';
    container.append(canvas);
    this.camera.up.set(0, 0, 1);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = true;
    this.controls.dampingFactor = 0.12;
    this.controls.addEventListener('change', this.requestRender);
    this.material = new PointsMaterial({ size: pointSize, sizeAttenuation: false, vertexColors: true });
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();
  }

  /** Shows `cloud` in place of the one shown (whose buffers are freed), with `upAxis` up, fitted to the view. */
  show(cloud: LoadedCloud, upAxis: UpAxis): void {
    this.clear();
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(cloud.positions, 3));
    geometry.setAttribute('color', new BufferAttribute(cloud.colours, 3, true));
    // The bounds came with the cloud: no second pass over millions of points.
    this.fileBounds = { min: cloud.min, max: cloud.max };
    this.paintedUp = cloud.source === 'height' ? 'z' : null;
    const min = new Vector3(...cloud.min);
    const max = new Vector3(...cloud.max);
    geometry.boundingSphere = new Sphere(
      min.clone().add(max).multiplyScalar(0.5),
      Math.max(min.distanceTo(max) / 2, 1e-3),
    );
    this.points = new Points(geometry, this.material);
    this.scene.add(this.points);
    this.setUpAxis(upAxis);
  }

  /**
   * Which of the file's axes points up: the cloud is turned (never its points rewritten) and fitted again. The scene
   * itself stays z-up, as the camera's orbit expects.
   */
  setUpAxis(axis: UpAxis): void {
    if (this.points) {
      this.points.rotation.x = axis === 'y' ? Y_UP_TURN_X : 0;
      if (this.paintedUp !== null && this.paintedUp !== axis) this.paintHeight(this.points.geometry, axis);
    }
    const { min, max } = uprightBounds(this.fileBounds.min, this.fileBounds.max, axis);
    this.box = new Box3(new Vector3(...min), new Vector3(...max));
    this.bounds = this.box.getBoundingSphere(new Sphere());
    this.bounds.radius = Math.max(this.bounds.radius, 1e-3);
    this.fit();
  }

  /** Colours by the file's coordinate that is up now (the worker coloured by z). */
  private paintHeight(geometry: BufferGeometry, up: UpAxis): void {
    const axis = up === 'y' ? 1 : 2;
    const position = geometry.getAttribute('position') as BufferAttribute;
    const range: [number, number] = [this.fileBounds.min[axis], this.fileBounds.max[axis]];
    const colours = heightColours(position.array as Float32Array, position.count, axis, range);
    geometry.setAttribute('color', new BufferAttribute(colours, 3, true));
    this.paintedUp = up;
  }

  /** Frees the shown cloud's buffers (GPU and JS). */
  clear(): void {
    if (!this.points) return;
    this.scene.remove(this.points);
    this.points.geometry.dispose();
    this.points = null;
    this.requestRender();
  }

  /**
   * The whole cloud in view, seen across its longer horizontal side, a little from above: the camera backs off
   * until every corner of the bounding box is inside the frustum (a sphere would leave a long blade tiny).
   */
  fit(): void {
    const { min, max } = this.box;
    const center = min.clone().add(max).multiplyScalar(0.5);
    const size = max.clone().sub(min);
    const azimuth = size.x >= size.y ? -Math.PI / 2 + FIT_AZIMUTH : Math.PI - FIT_AZIMUTH;
    const direction = new Vector3(
      Math.cos(FIT_ELEVATION) * Math.cos(azimuth),
      Math.cos(FIT_ELEVATION) * Math.sin(azimuth),
      Math.sin(FIT_ELEVATION),
    );
    const right = new Vector3().crossVectors(this.camera.up, direction).normalize();
    const up = new Vector3().crossVectors(direction, right);
    const tanVertical = Math.tan((this.camera.fov * Math.PI) / 360);
    const tanHorizontal = tanVertical * this.camera.aspect;
    let distance = 0;
    for (let corner = 0; corner < 8; corner++) {
      const point = new Vector3(corner & 1 ? max.x : min.x, corner & 2 ? max.y : min.y, corner & 4 ? max.z : min.z).sub(
        center,
      );
      const depth = point.dot(direction);
      distance = Math.max(
        distance,
        depth + Math.abs(point.dot(right)) / tanHorizontal,
        depth + Math.abs(point.dot(up)) / tanVertical,
      );
    }
    distance = Math.max(distance * FIT_MARGIN, this.bounds.radius * 0.1);
    this.camera.position.copy(center).addScaledVector(direction, distance);
    this.controls.target.copy(center);
    this.controls.minDistance = this.bounds.radius / 100;
    this.controls.maxDistance = distance * 8;
    this.controls.update();
    this.requestRender();
  }

  setPointSize(size: number): void {
    this.material.size = size;
    this.requestRender();
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.domElement;
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.resizeObserver.disconnect();
    this.controls.removeEventListener('change', this.requestRender);
    this.controls.dispose();
    this.clear();
    cancelAnimationFrame(this.frame);
    this.material.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.renderer.domElement.remove();
  }

  private resize(): void {
    const { clientWidth: width, clientHeight: height } = this.container;
    if (width === 0 || height === 0) return;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  private readonly requestRender = () => {
    if (this.frame) return;
    this.frame = requestAnimationFrame(this.render);
  };

  private readonly render = () => {
    this.frame = 0;
    // While damping settles, update() moves the camera and fires 'change', which asks for the next frame.
    const moving = this.controls.update();
    // Near and far follow the orbit so zooming in never clips the cloud.
    const distance = this.camera.position.distanceTo(this.bounds.center);
    const near = Math.max(distance - this.bounds.radius * 2, distance / 1000);
    const far = distance + this.bounds.radius * 2;
    if (near !== this.camera.near || far !== this.camera.far) {
      this.camera.near = near;
      this.camera.far = far;
      this.camera.updateProjectionMatrix();
    }
    this.drawMovingOrAll(moving);
    this.renderer.render(this.scene, this.camera);
  };

  /** A prefix sized by how long the last moving frame took, or every point when the camera has stopped. */
  private drawMovingOrAll(moving: boolean): void {
    const geometry = this.points?.geometry;
    if (!geometry) return;
    const total = geometry.getAttribute('position').count;
    const now = performance.now();
    if (!moving) {
      this.lastMovingFrame = 0;
      geometry.setDrawRange(0, total);
      return;
    }
    if (this.lastMovingFrame) {
      const frameMs = now - this.lastMovingFrame;
      if (frameMs > MOVING_FRAME_MS[1]) this.movingPoints = Math.max(MOVING_POINTS_MIN, this.movingPoints * 0.6);
      else if (frameMs < MOVING_FRAME_MS[0]) this.movingPoints = this.movingPoints * 1.25;
    }
    this.lastMovingFrame = now;
    geometry.setDrawRange(0, Math.min(total, Math.round(this.movingPoints)));
  }
}
