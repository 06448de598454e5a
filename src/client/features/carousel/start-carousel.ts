import type { ImageCarouselProps } from './image-carousel.tsx';

const CAROUSEL_INTERVAL_MS = 3000;

/**
 * Moves the server's carousel (image-carousel.tsx): advancing every 3 s and wrapping, paused while
 * hovered or focused, and still for people who ask for reduced motion (WCAG 2.2.2).
 */
export function startCarousel(island: HTMLElement, { slides, slideLabels }: ImageCarouselProps) {
  const carousel = island.querySelector<HTMLElement>('.carousel');
  const slide = carousel?.querySelector<HTMLElement>('[data-slide-index]');
  const image = slide?.querySelector('img');
  const caption = slide?.querySelector('p');
  if (!carousel || !slide || !image || !caption || slides.length === 0) return;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let index = 0;
  const holding = new Set<'pointer' | 'focus'>(); // what holds it still
  let timer: ReturnType<typeof setInterval> | undefined;

  const show = (next: number) => {
    index = (next + slides.length) % slides.length;
    const shown = slides[index];
    if (!shown) return;
    Object.assign(image, { src: shown.src, alt: shown.alt });
    caption.textContent = shown.caption;
    slide.dataset.slideIndex = String(index);
    slide.setAttribute('aria-label', slideLabels[index] ?? '');
  };
  // A moving carousel is not announced; one that stands still announces what a person moved to.
  const play = () => {
    const playing = holding.size === 0 && !reducedMotion.matches;
    slide.setAttribute('aria-live', playing ? 'off' : 'polite');
    clearInterval(timer);
    timer = playing ? setInterval(() => show(index + 1), CAROUSEL_INTERVAL_MS) : undefined;
  };
  const hold = (what: 'pointer' | 'focus', held: boolean) => () => {
    if (held) holding.add(what);
    else holding.delete(what);
    play();
  };
  carousel.addEventListener('mouseenter', hold('pointer', true));
  carousel.addEventListener('mouseleave', hold('pointer', false));
  carousel.addEventListener('focusin', hold('focus', true));
  carousel.addEventListener('focusout', hold('focus', false));
  reducedMotion.addEventListener('change', play);
  for (const arrow of carousel.querySelectorAll<HTMLElement>('[data-step]')) {
    arrow.addEventListener('click', () => show(index + Number(arrow.dataset.step)));
  }
  play();
}
