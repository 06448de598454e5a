import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** The AES-256 key that seals issuer secrets, derived from the master secret for this one purpose. */
function sealingKey(masterSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterSecret, 'ecert-portal', 'issuer-key-sealing', 32));
}

/**
 * AES-256-GCM with a random nonce. `label` is bound as associated data, so a sealed secret copied
 * onto another key's row does not open.
 */
export function sealSecret(masterSecret: string, plaintext: string, label: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(masterSecret), nonce);
  cipher.setAAD(Buffer.from(label));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function openSecret(masterSecret: string, sealed: string, label: string): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined)
    throw new Error('Unknown sealed secret format.');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(masterSecret), Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(label));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    // Without this line the operator sees only "Unsupported state or unable to authenticate data".
    throw new Error('The issuer key cannot be opened: AUTH_SECRET differs from the one it was sealed with.');
  }
}
