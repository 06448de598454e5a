import { ActionIcon, Box, Group, Image, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { VerifyPage } from '#shared/api/content.ts';

const CAROUSEL_INTERVAL_MS = 3000;

/**
 * Six slides, advancing every 3 s and wrapping; paused while hovered or focused, and still for
 * people who ask for reduced motion (WCAG 2.2.2).
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
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label="Highlights"
      pos="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <Box
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${slides.length}`}
        aria-live={playing ? 'off' : 'polite'}
        data-slide-index={index}
      >
        <Image src={slide.src} alt={slide.alt} radius="md" style={{ aspectRatio: '12 / 5' }} />
        <Text ta="center" mt="xs" fw={600}>
          {slide.caption}
        </Text>
      </Box>
      <Group justify="space-between" pos="absolute" top="40%" left={8} right={8}>
        <ActionIcon
          variant="filled"
          radius="xl"
          size="lg"
          aria-label="Previous slide"
          onClick={() => step(-1)}
        >
          <IconChevronLeft aria-hidden />
        </ActionIcon>
        <ActionIcon variant="filled" radius="xl" size="lg" aria-label="Next slide" onClick={() => step(1)}>
          <IconChevronRight aria-hidden />
        </ActionIcon>
      </Group>
    </Box>
  );
}
