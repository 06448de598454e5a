import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, CopyButton, Group, Image, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconWallet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { refusalText } from '#client/lib/i18n/refusal-text.ts';
import { WALLET_EXCHANGE_MINUTES, type WalletClaim, walletCodes } from '#shared/api/wallet.ts';
import { startWalletClaim } from '../api/start-wallet-claim.ts';

const failure = (error: unknown, i18n: I18n) => {
  const refusal = refusalText(error, i18n);
  if (refusal) return refusal;
  if (!(error instanceof ApiRequestError) || !error.body)
    return i18n._(msg`The wallet link could not be made. Please try again.`);
  if (error.body.code === walletCodes.wrongPassport)
    return i18n._(
      msg`That passport number does not match this record. Type it as it is printed in your passport.`,
    );
  return error.body.fields?.passportNumber ?? error.body.message;
};

const timeOf = (iso: string, i18n: I18n) =>
  new Date(iso).toLocaleTimeString(i18n.locale, { hour: '2-digit', minute: '2-digit' });

/**
 * The link the Learner Credential Wallet opens on the phone it is installed on: it registers the
 * "interaction:" scheme for a VC-API interaction URL (docs/decisions/0021-wallet-claim.md).
 */
const walletAppLink = (interactionUrl: string) => `interaction:${interactionUrl}`;

function WalletLink({ claim }: { claim: WalletClaim }) {
  const { t, i18n } = useLingui();
  // A phone cannot scan its own screen: there the wallet app's link leads and the code follows.
  const onPhone = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
  const qr = `${new URL(claim.interactionUrl).pathname}/qr.png`;
  const time = timeOf(claim.expiresAt, i18n);
  const openHere = (
    <Stack gap="xs" key="here">
      <Button
        component="a"
        href={walletAppLink(claim.interactionUrl)}
        leftSection={<IconWallet size={18} aria-hidden />}
        w="fit-content"
      >
        <Trans>Open in the Learner Credential Wallet</Trans>
      </Button>
      <Text size="sm">
        <Trans>
          On the phone that has the wallet: it opens, asks to sign in with its DID, then receives your
          credential.
        </Trans>
      </Text>
    </Stack>
  );
  const scanElsewhere = (
    <Stack gap="xs" key="elsewhere">
      <Text>
        <Trans>
          On another device: in the Learner Credential Wallet, choose Add Credential, then scan this code.
        </Trans>
      </Text>
      <Image src={qr} alt={t`QR code of the wallet link`} w={240} h={240} fit="contain" />
    </Stack>
  );
  return (
    <Stack gap="md">
      {onPhone ? [openHere, scanElsewhere] : [scanElsewhere, openHere]}
      {/* A link to copy into a wallet's Add Credential screen; opened in a browser it is only JSON. */}
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t`Wallet link`}
          value={claim.interactionUrl}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: '1 1 12rem' }}
        />
        <CopyButton value={claim.interactionUrl}>
          {({ copied, copy }) => (
            <Button variant="outline" onClick={copy}>
              {copied ? t`Link copied` : t`Copy link`}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm">
        <Trans>
          The link works once, until {time}. The wallet may say it does not know the issuer until the issuer
          is listed in the Digital Credentials Consortium&rsquo;s registry; the credential is still checked by
          its signature.
        </Trans>
      </Text>
    </Stack>
  );
}

/** The wallet claim: the passport number first, then the wallet link as a QR code and as a link. */
export default function AddToWalletDialog({ recordId, onClose }: { recordId: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [passportNumber, setPassportNumber] = useState('');
  const minutes = WALLET_EXCHANGE_MINUTES;
  const claim = useMutation({ mutationFn: () => startWalletClaim(recordId, { passportNumber }) });
  return (
    <Modal opened onClose={onClose} title={t`Add to wallet`} closeButtonProps={{ 'aria-label': t`Close` }}>
      {claim.data ? (
        <WalletLink claim={claim.data} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            claim.mutate();
          }}
        >
          <Stack gap="sm">
            <Text>
              <Trans>
                Only the holder may put this e-Cert in a wallet. Type the passport number of this record; the
                wallet link then works for <Plural value={minutes} one="# minute" other="# minutes" />.
              </Trans>
            </Text>
            <TextInput
              label={t`Passport number`}
              value={passportNumber}
              onChange={(event) => {
                setPassportNumber(event.currentTarget.value);
                claim.reset();
              }}
              error={claim.isError ? failure(claim.error, i18n) : undefined}
              autoComplete="off"
              required
              data-autofocus
            />
            <Group justify="flex-end">
              <Button type="submit" loading={claim.isPending} disabled={!passportNumber.trim()}>
                <Trans>Show wallet link</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
