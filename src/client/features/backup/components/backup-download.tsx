import { Button, Card, Text, Title } from '@mantine/core';

/**
 * An administrator's copy of the whole installation, streamed by the server as one ZIP: for
 * operators who cannot run `npm run backup` on the host.
 */
export function BackupDownload() {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="backup-title">
      <Title order={2} size="h3" id="backup-title" mb="xs">
        Backup
      </Title>
      <Text mb="md">
        Download one archive of every record, file, user and the issuer key, with checksums that a restore
        checks first. It holds personal data: keep it as safely as the server.
      </Text>
      <Button component="a" href="/api/backup" download variant="light">
        Download a backup
      </Button>
    </Card>
  );
}
