import { useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { VerifyPage } from '#shared/api/content.ts';

const CAROUSEL_INTERVAL_MS = 3000;

/**
 * Six slides, advancing every 3 s and wrapping; paused while hovered or focused, and still for
 * people who ask for reduced motion (WCAG 2.2.2). Plain elements styled in global.css: it starts
 * moving as the page loads, so it is built without the UI kit, which waits for a visitor's action.
 */
export function ImageCarousel({ slides }: { slides: VerifyPage['carousel'] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useReducedMotion();
  const playing = !hovered && !focused && !reducedMotion;
  const step = (delta: number) => setIndex((i) => (i + delta + slides.length) % slides.length);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % slides.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing, slides.length]);

  const slide = slides[index];
  if (!slide) return null;
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a carousel's slide is a group (WAI-ARIA carousel pattern) */}
      <div
        role="group"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${slides.length}`}
        aria-live={playing ? 'off' : 'polite'}
        data-slide-index={index}
      >
        <img className="carousel-image" src={slide.src} alt={slide.alt} />
        <p className="carousel-caption">{slide.caption}</p>
      </div>
      <div className="carousel-arrows">
        <button type="button" className="carousel-arrow" aria-label="Previous slide" onClick={() => step(-1)}>
          <IconChevronLeft aria-hidden />
        </button>
        <button type="button" className="carousel-arrow" aria-label="Next slide" onClick={() => step(1)}>
          <IconChevronRight aria-hidden />
        </button>
      </div>
    </section>
  );
}
