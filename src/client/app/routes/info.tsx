import { Container, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { certificateQuery } from '#client/features/certificates/api/certificate-query.ts';
import { CertificateRecord } from '#client/features/certificates/components/certificate-record.tsx';
import { TakeAlongPanel } from '#client/features/certificates/components/take-along-panel.tsx';
import { CredentialPanel } from '#client/features/credentials/components/credential-panel.tsx';
import { useSite } from '#client/features/site/api/site-query.ts';
import { queryClient } from '#client/lib/query-client.ts';

// A failed load is not an error page: the record page then says only "No data to display."
export const loader = ({ params }: LoaderFunctionArgs) =>
  queryClient.prefetchQuery(certificateQuery(params.id ?? '')).then(() => null);

export function Component() {
  const { id = '' } = useParams();
  const site = useSite();
  const { data, isPending, isError } = useQuery(certificateQuery(id));

  return (
    <Container size="lg" py="xl">
      <title>{`${site.certificateTitle} | ${site.portalName}`}</title>
      {isPending ? (
        <Loader aria-label="Loading the record" />
      ) : isError || !data ? (
        <Title order={1} size="h3" fw={500}>
          No data to display.
        </Title>
      ) : (
        <Stack gap="lg">
          <Title order={1}>{site.certificateTitle}</Title>
          <CertificateRecord data={data} site={site} />
          {/* A revoked record offers no signed copy: nothing downloaded from it may pass for valid. */}
          {data.certificate.state !== 'revoked' && (
            <>
              <TakeAlongPanel certificate={data.certificate} site={site} />
              <CredentialPanel id={data.certificate.id} />
            </>
          )}
        </Stack>
      )}
    </Container>
  );
}
