import {
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

const BACKGROUND = 0x020617; // slate-950, the stage's own background
/** Seen from the side and a little above, with z up as scanners write it. */
const VIEW_DIRECTION = new Vector3(-0.55, -0.75, 0.38).normalize();

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
  private bounds = new Sphere(new Vector3(), 1);

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

  /** Shows `cloud` in place of the one shown (whose buffers are freed), fitted to the view. */
  show(cloud: LoadedCloud): void {
    this.clear();
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(cloud.positions, 3));
    geometry.setAttribute('color', new BufferAttribute(cloud.colours, 3, true));
    // The bounds came with the cloud: no second pass over millions of points.
    const min = new Vector3(...cloud.min);
    const max = new Vector3(...cloud.max);
    this.bounds = new Sphere(min.clone().add(max).multiplyScalar(0.5), Math.max(min.distanceTo(max) / 2, 1e-3));
    geometry.boundingSphere = this.bounds.clone();
    this.points = new Points(geometry, this.material);
    this.scene.add(this.points);
    this.fit();
  }

  /** Frees the shown cloud's buffers (GPU and JS). */
  clear(): void {
    if (!this.points) return;
    this.scene.remove(this.points);
    this.points.geometry.dispose();
    this.points = null;
    this.requestRender();
  }

  /** The whole cloud in view, from the default side. */
  fit(): void {
    const { center, radius } = this.bounds;
    const verticalFov = (this.camera.fov * Math.PI) / 180;
    const horizontalFov = 2 * Math.atan(Math.tan(verticalFov / 2) * this.camera.aspect);
    const distance = (radius / Math.sin(Math.min(verticalFov, horizontalFov) / 2)) * 1.05;
    this.camera.position.copy(center).addScaledVector(VIEW_DIRECTION, distance);
    this.camera.near = Math.max(distance - radius * 2, distance / 1000);
    this.camera.far = distance + radius * 4;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(center);
    this.controls.minDistance = radius / 100;
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
    this.controls.update();
    // Near and far follow the orbit so zooming in never clips the cloud.
    const distance = this.camera.position.distanceTo(this.bounds.center);
    const near = Math.max(distance - this.bounds.radius * 2, distance / 1000);
    const far = distance + this.bounds.radius * 2;
    if (near !== this.camera.near || far !== this.camera.far) {
      this.camera.near = near;
      this.camera.far = far;
      this.camera.updateProjectionMatrix();
    }
    this.renderer.render(this.scene, this.camera);
  };
}
