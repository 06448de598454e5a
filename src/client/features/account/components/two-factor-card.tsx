import {
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Image,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useState } from 'react';
import { sessionQuery } from '#client/features/auth/api/session-query.ts';
import { verifyTwoFactor } from '#client/features/auth/api/two-factor.ts';
import { AuthFailure } from '#client/features/auth/components/auth-failure.tsx';
import { disableTwoFactor, enableTwoFactor, type TwoFactorSetup } from '../api/account-api.ts';

type Pending = TwoFactorSetup & { qr: string };

/** The secret of an otpauth:// URI (base32), for an app that cannot scan the QR code. */
const setupKey = (totpURI: string) => new URL(totpURI).searchParams.get('secret') ?? '';
/** Read and typed more easily in groups of four, as authenticator apps show keys. */
const inFours = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? '';

/** Two-factor sign-in: set up with a QR code and confirmed with a first code, or turned off. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const refreshSession = () => queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });

  const start = useMutation({
    mutationFn: async () => {
      const setup = await enableTwoFactor(password);
      return { ...setup, qr: await QRCode.toDataURL(setup.totpURI, { margin: 1, width: 200 }) };
    },
    onSuccess: (setup) => {
      setPending(setup);
      setPassword('');
    },
  });
  const confirm = useMutation({
    mutationFn: () => verifyTwoFactor(code.trim()),
    onSuccess: async () => {
      setCode('');
      await refreshSession();
    },
  });
  const turnOff = useMutation({
    mutationFn: () => disableTwoFactor(password),
    onSuccess: async () => {
      setPassword('');
      setPending(null);
      await refreshSession();
    },
  });
  const passwordInput = (
    <PasswordInput
      label="Your password"
      autoComplete="current-password"
      value={password}
      onChange={(event) => setPassword(event.currentTarget.value)}
    />
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="two-factor-title">
      <Title order={2} size="h3" id="two-factor-title" mb="md">
        Two-factor sign-in
      </Title>
      <Stack maw={520}>
        {enabled ? (
          <>
            <Text>On: sign-in asks for a code from your authenticator app.</Text>
            {confirm.isSuccess && pending && (
              <Stack gap="xs">
                <Text fw={700}>
                  Keep these backup codes somewhere safe. Each works once, if you lose your phone.
                </Text>
                <SimpleGrid cols={2} aria-label="Backup codes">
                  {pending.backupCodes.map((backup) => (
                    <Code key={backup}>{backup}</Code>
                  ))}
                </SimpleGrid>
              </Stack>
            )}
            {passwordInput}
            <Button
              variant="outline"
              color="red.9"
              w="fit-content"
              disabled={!password || turnOff.isPending}
              onClick={() => turnOff.mutate()}
            >
              Turn off two-factor sign-in
            </Button>
            <AuthFailure error={turnOff.error} />
          </>
        ) : pending ? (
          <>
            <Text>Scan this code with your authenticator app, then enter the 6-digit code it shows.</Text>
            <Image src={pending.qr} alt="QR code for your authenticator app" w={200} h={200} />
            <Text size="sm">If your app cannot scan it, enter this key in the app instead (time-based):</Text>
            <Group gap="xs">
              <Code fz="md" aria-label="Setup key" style={{ wordBreak: 'break-word' }}>
                {inFours(setupKey(pending.totpURI))}
              </Code>
              <CopyButton value={setupKey(pending.totpURI)}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="outline" onClick={copy}>
                    {copied ? 'Copied' : 'Copy key'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <TextInput
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
            <Button
              w="fit-content"
              disabled={!code.trim() || confirm.isPending}
              onClick={() => confirm.mutate()}
            >
              Confirm
            </Button>
            <AuthFailure error={confirm.error} />
          </>
        ) : (
          <>
            <Text>Off. Turn it on to be asked for a code from an authenticator app at sign-in.</Text>
            {passwordInput}
            <Button w="fit-content" disabled={!password || start.isPending} onClick={() => start.mutate()}>
              Set up two-factor sign-in
            </Button>
            <AuthFailure error={start.error} />
          </>
        )}
      </Stack>
    </Card>
  );
}
