import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Card, Group, Image, Stack, Text } from '@mantine/core';
import { Island } from '#client/islands/island.tsx';
import { dateIn } from '#client/lib/i18n/format-date.ts';
import { pageHref } from '#client/lib/page-language.ts';
import type { CertificateResponse } from '#shared/api/certificates.ts';
import type { SiteResponse } from '#shared/api/site.ts';
import { RecordStateSummary, stateSentence } from './record-state-summary.tsx';
import { TrainingRecordsTable } from './training-records-table.tsx';

/** Revoked wins over the course's validity (Available or Unavailable otherwise). */
const courseStatusText = (c: CertificateResponse['certificate']) =>
  c.state === 'revoked' ? msg`Revoked` : c.courseStatus === 'available' ? msg`Available` : msg`Unavailable`;

/** A result other than a pass is a training record: it has a result, not a course status. */
function CourseLine({ certificate: c }: { certificate: CertificateResponse['certificate'] }) {
  const { i18n } = useLingui();
  const result = c.testResult;
  const courseStatus = i18n._(courseStatusText(c));
  return (
    <Text fw={700} size="lg" data-testid="course-line">
      {c.state === 'not-passed' ? (
        <Trans>Test Result: {result}</Trans>
      ) : (
        <Trans>Course Status: {courseStatus}</Trans>
      )}
    </Text>
  );
}

interface CertificateRecordProps {
  data: CertificateResponse;
  site: SiteResponse;
}

export function CertificateRecord({ data: { certificate: c, records }, site }: CertificateRecordProps) {
  const { t, i18n } = useLingui();
  const fields = [
    [t`FIN Number`, c.finNumber],
    [t`Full Name`, c.name],
    [t`Date of Birth`, dateIn(i18n, c.dob)],
    [t`Gender`, c.gender],
    [t`Nationality`, c.nationality],
    [t`Passport Number`, c.passportNumber],
  ] as const;

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start">
        <RecordStateSummary certificate={c} />
        <Image
          src={`/api/certificates/${c.id}/qr.png`}
          alt={t`QR code linking to this record`}
          w={112}
          h={112}
          bg="white"
        />
      </Group>

      <Box component="dl" className="record-fields">
        {fields.map(([label, value]) => (
          <Card key={label} withBorder padding="md">
            <dt className="record-field-label">{label}</dt>
            <dd className="record-field-value">{value}</dd>
          </Card>
        ))}
      </Box>

      <Group justify="space-between" align="flex-end">
        <Island name="signature-image" props={{ file: c.signatureImage, name: c.name }} />
        <Island
          name="record-actions"
          props={{
            state: c.state,
            // A training record not passed has no e-Cert to show as a PDF.
            pdf: c.state === 'not-passed' ? null : c.pdf,
            certificateImage: c.certificateImage,
            passportImage: c.passportImage,
            identityDocumentsPublic: c.identityDocumentsPublic,
            issuer: c.issuer,
            name: c.name,
            stateNotice: stateSentence(c, i18n),
          }}
        />
      </Group>

      <CourseLine certificate={c} />

      <div className="below-fold record-table-fold">
        <TrainingRecordsTable shortTitle={site.certificateShortTitle} records={records} />
      </div>

      {c.masked && (
        <Text size="sm" c="dimmed">
          <Trans>
            Identification numbers are shown with only their last four characters.{' '}
            <Anchor href={pageHref('/privacy')} size="sm" underline="always">
              Why?
            </Anchor>
          </Trans>
        </Text>
      )}

      <Group justify="center" gap="xl">
        {site.footerLogos.map((logo) => (
          <Image key={logo.src} src={logo.src} alt="" h={40} w="auto" loading="lazy" />
        ))}
      </Group>
    </Stack>
  );
}
