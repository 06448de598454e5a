import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { certificateQuery } from '#client/features/certificates/api/certificate-query.ts';
import { CertificateRecord } from '#client/features/certificates/components/certificate-record.tsx';
import { CredentialPanel } from '#client/features/credentials/components/credential-panel.tsx';
import { Island } from '#client/islands/island.tsx';
import { queryClient } from '#client/lib/query-client.ts';
import { useSite } from '#client/lib/site-query.ts';

// A failed load is not an error page: the record page then says only "No data to display."
export const loader = ({ params }: LoaderFunctionArgs) =>
  queryClient.prefetchQuery(certificateQuery(params.id ?? '')).then(() => null);

export function Component() {
  const { id = '' } = useParams();
  const site = useSite();
  const { t } = useLingui();
  const { data, isPending, isError } = useQuery(certificateQuery(id));

  return (
    <Container size="lg" py="xl">
      <title>{`${site.certificateTitle} | ${site.portalName}`}</title>
      {isPending ? (
        <Loader aria-label={t`Loading the record`} />
      ) : isError || !data ? (
        <Title order={1} size="h3" fw={500}>
          <Trans>No data to display.</Trans>
        </Title>
      ) : (
        <Stack gap="lg">
          <Title order={1}>{site.certificateTitle}</Title>
          <CertificateRecord data={data} site={site} />
          {/* A revoked or not passed record offers no signed copy: nothing from it may pass for valid. */}
          {data.certificate.state !== 'revoked' && data.certificate.state !== 'not-passed' && (
            <>
              <Island
                name="take-along-panel"
                props={{
                  certificate: {
                    id: data.certificate.id,
                    tradeTested: data.certificate.tradeTested,
                    testLevel: data.certificate.testLevel,
                    testResult: data.certificate.testResult,
                    passedDate: data.certificate.passedDate,
                    courseExpiresOn: data.certificate.courseExpiresOn,
                    masked: data.certificate.masked,
                    passportImage: data.certificate.passportImage,
                  },
                  site: { issuerName: site.issuerName, publicUrl: site.publicUrl },
                }}
              />
              <CredentialPanel id={data.certificate.id} />
            </>
          )}
        </Stack>
      )}
    </Container>
  );
}
