// Types for the parts of the credential libraries that take a holder's presentation; like the
// declarations beside this file, only what the portal and its tests call.

declare module '@digitalbazaar/ed25519-signature-2020' {
  export class Ed25519Signature2020 {
    constructor(options?: { signer?: unknown });
  }
}

declare module '@digitalbazaar/vc' {
  export function createPresentation(options: {
    holder?: string;
    verifiableCredential?: unknown[];
  }): Record<string, unknown>;
  export function signPresentation(options: {
    presentation: Record<string, unknown>;
    suite: unknown;
    challenge: string;
    domain?: string;
    documentLoader: DocumentLoader;
  }): Promise<Record<string, unknown>>;
  export function verify(options: {
    presentation: unknown;
    challenge: string;
    domain?: string;
    suite: unknown;
    documentLoader: DocumentLoader;
  }): Promise<VerifyResult>;
}

// The DCC's own libraries, with which the Learner Credential Wallet signs (a test signs as it does).
declare module '@digitalcredentials/ed25519-verification-key-2020' {
  export class Ed25519VerificationKey2020 {
    static generate(): Promise<Ed25519VerificationKey2020>;
    id: string;
    controller: string;
    fingerprint(): string;
    signer(): unknown;
  }
}

declare module '@digitalcredentials/ed25519-signature-2020' {
  export class Ed25519Signature2020 {
    constructor(options: { signer: unknown });
  }
}

declare module '@digitalcredentials/vc' {
  export function createPresentation(options: { holder: string; verify?: boolean }): Record<string, unknown>;
  export function signPresentation(options: {
    presentation: Record<string, unknown>;
    suite: unknown;
    challenge: string;
    domain: string;
    documentLoader: unknown;
  }): Promise<Record<string, unknown>>;
}
