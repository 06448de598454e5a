import type { DocumentLoader } from '@digitalbazaar/vc';
import { securityLoader } from '@digitalcredentials/security-document-loader';

// The shipped contexts (VC 2.0, Data Integrity, Multikey, Bitstring Status List, Open Badges 3.0).
// Remote contexts stay off, and DIDs other than ours are refused below, so nothing is fetched.
const shippedContexts = securityLoader({ fetchRemoteContexts: false }).build();

/**
 * A JSON-LD document loader that never touches the network: shipped contexts, our own DID document
 * and its keys from `didDocument()`, and nothing else.
 */
export function offlineDocumentLoader(did: string, didDocument: () => Promise<DidDocument>): DocumentLoader {
  return async (url) => {
    if (url === did || url.startsWith(`${did}#`)) {
      const document = await didDocument();
      if (url === did) return { contextUrl: null, documentUrl: url, document };
      const method = document.verificationMethod.find((entry) => entry.id === url);
      if (!method) throw new Error('This key is not in the issuer\u2019s DID document.');
      return {
        contextUrl: null,
        documentUrl: url,
        document: { '@context': 'https://w3id.org/security/multikey/v1', ...method },
      };
    }
    if (url.startsWith('did:')) throw new Error('Only this portal\u2019s DID is resolved.');
    return shippedContexts(url);
  };
}

export interface DidDocument {
  id: string;
  verificationMethod: { id: string; type: string; controller: string; publicKeyMultibase: string }[];
  assertionMethod: string[];
}
