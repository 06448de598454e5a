import { useLingui } from '@lingui/react/macro';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { VerifyPage } from '#shared/api/content.ts';

export interface ImageCarouselProps {
  slides: VerifyPage['carousel'];
  /** Each slide's position ("1 of 6") in the page's language, which the script shows as it moves. */
  slideLabels: string[];
}

/**
 * Six slides, the first shown; the browser moves them with plain DOM code (start-carousel.ts), so
 * that a page whose only moving part is this loads no React for it.
 */
export function ImageCarousel({ slides, slideLabels }: ImageCarouselProps) {
  const { t } = useLingui();
  const slide = slides[0];
  if (!slide) return null;
  return (
    <section className="carousel" aria-roledescription={t`carousel`} aria-label={t`Highlights`}>
      {/* biome-ignore lint/a11y/useSemanticElements: a carousel's slide is a group (WAI-ARIA carousel pattern) */}
      <div
        role="group"
        aria-roledescription={t`slide`}
        aria-label={slideLabels[0]}
        aria-live="off"
        data-slide-index={0}
      >
        <img className="carousel-image" src={slide.src} alt={slide.alt} />
        <p className="carousel-caption">{slide.caption}</p>
      </div>
      <div className="carousel-arrows">
        <button type="button" className="carousel-arrow" aria-label={t`Previous slide`} data-step={-1}>
          <IconChevronLeft aria-hidden />
        </button>
        <button type="button" className="carousel-arrow" aria-label={t`Next slide`} data-step={1}>
          <IconChevronRight aria-hidden />
        </button>
      </div>
    </section>
  );
}
