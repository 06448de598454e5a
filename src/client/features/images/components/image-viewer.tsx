import { Image, Modal } from '@mantine/core';
import type { EnlargedImage } from './image-entry-card.tsx';

/** The full-size image in a dialog; Escape or the labelled close button closes it. */
export function ImageViewer({ image, onClose }: { image: EnlargedImage | null; onClose: () => void }) {
  return (
    <Modal
      opened={image !== null}
      onClose={onClose}
      title={image?.alt}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {image && <Image src={image.src} alt={image.alt} fit="contain" mah="75vh" />}
    </Modal>
  );
}
