import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { CertificateView } from '#shared/api/certificates.ts';

// Loaded on the first click: the record page's first paint carries no wallet code.
const AddToWalletDialog = lazy(() => import('./add-to-wallet-dialog.tsx'));

/**
 * "Add to wallet" for the holder. Offered only while the page masks identifiers: the holder proves
 * who they are with the passport number, which an unmasked page would show to everyone.
 */
export function AddToWallet({
  certificate,
}: {
  certificate: Pick<CertificateView, 'id' | 'masked' | 'passportImage'>;
}) {
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!certificate.masked || certificate.passportImage) return null;
  const close = () => {
    setOpened(false);
    button.current?.focus();
  };
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        onClick={() => setOpened(true)}
        leftSection={<IconWallet size={18} aria-hidden />}
      >
        <Trans>Add to wallet</Trans>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <AddToWalletDialog recordId={certificate.id} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
