import { Alert, Button, Card, PasswordInput, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { failureText } from '#client/lib/failure-text.ts';
import { validateWith } from '#client/lib/zod-form.ts';
import { BACKUP_PASSPHRASE_MIN, backupRequest } from '#shared/api/backup.ts';
import { downloadBackup } from '../api/download-backup.ts';

/**
 * An administrator's copy of the whole installation, made by the server as one archive encrypted
 * with the passphrase typed here: for operators who cannot run `npm run backup` on the host.
 */
export function BackupDownload() {
  const form = useForm({ initialValues: { passphrase: '' }, validate: validateWith(backupRequest) });
  const mutation = useMutation({
    mutationFn: (passphrase: string) => downloadBackup(passphrase),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.fields) form.setErrors(error.body.fields);
    },
  });
  const failure =
    mutation.error &&
    failureText(mutation.error, 'The backup failed.', 'The server could not be reached: try again.');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="backup-title">
      <Title order={2} size="h3" id="backup-title" mb="xs">
        Backup
      </Title>
      <Text mb="md">
        Download one archive of every record, file, user and the issuer key, with checksums that a restore
        checks first. It is encrypted with the passphrase you type: a restore asks for it, and without it
        nobody can open the archive, you included. It holds personal data: keep the passphrase apart from the
        archive.
      </Text>
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values.passphrase))}>
        <PasswordInput
          label="Passphrase for this backup"
          description={`At least ${BACKUP_PASSPHRASE_MIN} characters; a few unrelated words are best.`}
          autoComplete="new-password"
          required
          mb="md"
          {...form.getInputProps('passphrase')}
        />
        {failure && (
          <Alert color="red" mb="md" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" variant="light" loading={mutation.isPending}>
          Download a backup
        </Button>
      </form>
    </Card>
  );
}
