import { createCipheriv, randomBytes, scrypt } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadable } from 'node:stream/web';
import { promisify } from 'node:util';
import { Decrypter, Encrypter, type Recipient, Stanza } from 'age-encryption';
import { BackupRefused } from './open-backup.ts';

/** age's own work factor for passphrases (2^18: about a second and 256 MB to try one guess). */
const SCRYPT_LOG_N = 18;
const SCRYPT_LABEL = 'age-encryption.org/v1/scrypt';
const deriveKey = promisify(scrypt) as (
  passphrase: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * age's scrypt recipient, with Node's scrypt: the library's runs on the event loop and would stop
 * the server for a second on every download; this one runs on libuv's thread pool.
 */
function passphraseRecipient(passphrase: string): Recipient {
  return {
    async wrapFileKey(fileKey) {
      const salt = randomBytes(16);
      const N = 2 ** SCRYPT_LOG_N;
      const key = await deriveKey(passphrase, Buffer.concat([Buffer.from(SCRYPT_LABEL), salt]), 32, {
        N,
        r: 8,
        p: 1,
        maxmem: 2 * 128 * N * 8, // twice what it needs
      });
      // The file key sealed with ChaCha20-Poly1305 under a zero nonce, as the age format says.
      const cipher = createCipheriv('chacha20-poly1305', key, Buffer.alloc(12), { authTagLength: 16 });
      const body = Buffer.concat([cipher.update(fileKey), cipher.final(), cipher.getAuthTag()]);
      const saltText = salt.toString('base64').replace(/=+$/, '');
      return [new Stanza(['scrypt', saltText, String(SCRYPT_LOG_N)], body)];
    },
  };
}

/**
 * The archive as an age file with a passphrase recipient, so the `age` command opens it too:
 * `age -d -o backup.zip backup.zip.age`.
 */
export async function encryptArchive(zip: Readable, passphrase: string): Promise<Readable> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(passphraseRecipient(passphrase));
  const sealed = await encrypter.encrypt(Readable.toWeb(zip) as ReadableStream<Uint8Array>);
  return Readable.fromWeb(sealed as unknown as WebReadable<Uint8Array>);
}

/** Decrypts an age file into `out`; a wrong passphrase or a damaged file is refused in one line. */
export async function decryptArchive(archive: string, passphrase: string, out: string): Promise<void> {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  const input = Readable.toWeb(fs.createReadStream(archive)) as ReadableStream<Uint8Array>;
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(input);
  } catch (error) {
    throw new BackupRefused(
      /no identity matched/.test(String(error))
        ? 'The passphrase does not open this backup. Nothing was restored.'
        : 'The backup is not an encrypted e-Cert Portal backup (an age file). Nothing was restored.',
    );
  }
  try {
    await pipeline(
      Readable.fromWeb(plain as unknown as WebReadable<Uint8Array>),
      fs.createWriteStream(out, { mode: 0o600 }),
    );
  } catch {
    throw new BackupRefused(
      'The backup is damaged: it does not decrypt to its end (cut short or changed). Nothing was restored.',
    );
  }
}
