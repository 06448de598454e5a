import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { RecordPanel } from '#client/components/page/record-panel.tsx';
import { pageHref } from '#client/lib/page-language.ts';

/** The record page's signed credential: a download, and how anyone can check it without this site. */
export function CredentialPanel({ id }: { id: string }) {
  const { t } = useLingui();
  return (
    <RecordPanel title={t`How to check this certificate elsewhere`}>
      <Text>
        <Trans>
          This e-Cert is also a digitally signed credential in the open W3C Verifiable Credentials 2.0
          standard (Open Badges 3.0). Download the file and check it on our{' '}
          <Anchor href={pageHref('/verify-credential')} underline="always">
            credential checker
          </Anchor>
          , or with any verifier that reads Open Badges 3.0, such as the Digital Credentials
          Consortium&rsquo;s VerifierPlus. A changed file fails the signature check, and a revoked certificate
          shows as revoked.
        </Trans>
      </Text>
      <div>
        <Button
          component="a"
          href={`/api/certificates/${id}/credential`}
          download
          variant="outline"
          leftSection={<IconDownload size={18} aria-hidden />}
        >
          <Trans>Download credential</Trans>
        </Button>
      </div>
    </RecordPanel>
  );
}
