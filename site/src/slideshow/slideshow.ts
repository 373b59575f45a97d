import { type SlideOrder, nextSlide } from './next-slide';

/**
 * Runs every `[data-slideshow]` of the page (markup in Slideshow.astro): switches pictures on a timer, jumps on a
 * dot, pauses on the pause button. Visitors who prefer reduced motion start paused.
 */
export function startSlideshows(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-slideshow]')) startSlideshow(root);
}

function startSlideshow(root: HTMLElement): void {
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-slide-dot]')];
  const pauseButton = root.querySelector<HTMLButtonElement>('[data-slideshow-pause]');
  const intervalMs = Number(root.dataset.interval);
  const order: SlideOrder = root.dataset.order === 'random' ? 'random' : 'sequential';
  let current = Math.max(
    0,
    slides.findIndex((slide) => slide.hasAttribute('data-active')),
  );
  let paused = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const show = (index: number) => {
    current = index;
    slides.forEach((slide, position) => slide.toggleAttribute('data-active', position === index));
    dots.forEach((dot, position) => {
      if (position === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
  };
  // A new full interval after every change, so a picture chosen with a dot stays as long as any other.
  const schedule = () => {
    clearTimeout(timer);
    if (paused || slides.length < 2) return;
    timer = setTimeout(() => {
      show(nextSlide(current, slides.length, order));
      schedule();
    }, intervalMs);
  };

  dots.forEach((dot, index) =>
    dot.addEventListener('click', () => {
      show(index);
      schedule();
    }),
  );
  if (pauseButton) {
    const sync = () => pauseButton.setAttribute('aria-pressed', String(paused));
    sync();
    pauseButton.addEventListener('click', () => {
      paused = !paused;
      sync();
      schedule();
    });
  }

  const reveal = () => slides.forEach((slide) => slide.removeAttribute('data-deferred'));
  if (document.readyState === 'complete') reveal();
  else addEventListener('load', reveal, { once: true });
  schedule();
}
