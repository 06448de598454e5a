import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { IconBrandLinkedin, IconFileTypePdf } from '@tabler/icons-react';
import { RecordPanel } from '#client/components/page/record-panel.tsx';
import { pageLanguage } from '#client/lib/page-language.ts';
import type { CertificateView } from '#shared/api/certificates.ts';
import { inLanguage } from '#shared/api/page-data.ts';
import type { SiteResponse } from '#shared/api/site.ts';
import { recordPageUrl } from '#shared/record-page.ts';
import { linkedInCertificationUrl } from '#shared/rules/linkedin-certification.ts';
import { AddToWallet } from './add-to-wallet.tsx';

interface TakeAlongPanelProps {
  certificate: Pick<
    CertificateView,
    | 'id'
    | 'tradeTested'
    | 'testLevel'
    | 'testResult'
    | 'passedDate'
    | 'courseExpiresOn'
    | 'masked'
    | 'passportImage'
  >;
  site: Pick<SiteResponse, 'issuerName' | 'publicUrl'>;
}

/** What the holder takes along: the e-Cert as a PDF that proves itself, into a wallet, onto LinkedIn. */
export function TakeAlongPanel({ certificate: c, site }: TakeAlongPanelProps) {
  const { t } = useLingui();
  const linkedIn = linkedInCertificationUrl({
    courseName: c.tradeTested,
    courseLevel: c.testLevel,
    result: c.testResult,
    organizationName: site.issuerName,
    passedDate: c.passedDate,
    expiresOn: c.courseExpiresOn,
    recordUrl: recordPageUrl(site.publicUrl, c.id),
    // The public page has no serial: the holder types it from their PDF.
    serial: null,
  });
  return (
    <RecordPanel title={t`Keep and share this e-Cert`}>
      <Text>
        <Trans>
          The PDF is one page to print or send, with a QR code to this record; the signed credential inside it
          lets anyone check it on the credential checker.
        </Trans>
      </Text>
      <Group>
        <Button
          component="a"
          href={inLanguage(`/api/certificates/${c.id}/e-cert.pdf`, pageLanguage())}
          download
          variant="outline"
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
        >
          <Trans>Download e-Cert (PDF)</Trans>
        </Button>
        {/* None for a result other than a pass; the PDF and the credential both state the result. */}
        {linkedIn && (
          <Button
            component="a"
            href={linkedIn}
            target="_blank"
            rel="noopener noreferrer"
            variant="outline"
            leftSection={<IconBrandLinkedin size={18} aria-hidden />}
          >
            <Trans>Add to LinkedIn</Trans>
          </Button>
        )}
        <AddToWallet certificate={c} />
      </Group>
    </RecordPanel>
  );
}
