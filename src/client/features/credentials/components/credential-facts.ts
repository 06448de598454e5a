/** Whose certificate a credential says it is, and for which course, read from its own text. */
export interface CredentialFacts {
  holder?: string;
  course?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * The holder's name and the course, as our credentials state them (build-credential.ts): the
 * subject's unhashed "name" identifier and the achievement's name. Anything else gives nothing.
 */
export function credentialFactsOf(credential: unknown): CredentialFacts {
  if (credential === null || typeof credential !== 'object') return {};
  const { credentialSubject: subject, name } = credential as { credentialSubject?: unknown; name?: unknown };
  const { identifier, achievement } = (subject ?? {}) as { identifier?: unknown; achievement?: unknown };
  const named = Array.isArray(identifier)
    ? (identifier as { identityType?: unknown; hashed?: unknown; identityHash?: unknown }[]).find(
        (entry) => entry?.identityType === 'name' && entry.hashed === false,
      )
    : undefined;
  return {
    holder: text(named?.identityHash),
    course: text((achievement as { name?: unknown } | undefined)?.name) ?? text(name),
  };
}

/** The text as a JSON object, or undefined when it is not JSON or not an object. */
export function parseCredentialText(value: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
