export type ReplyTopic = 'support' | 'pricing' | 'bug' | 'default';

// Checked in this order: a message about support that mentions an error gets the support reply.
const topicKeywords: [Exclude<ReplyTopic, 'default'>, RegExp][] = [
  ['support', /\bsupport(s|ed|ing)?\b/i],
  ['pricing', /\bpricing\b/i],
  ['bug', /\b(errors?|bugs?)\b/i],
];

/** Chooses which automatic reply a contact message gets, by its keywords. */
export function chooseReplyTopic(message: string): ReplyTopic {
  return topicKeywords.find(([, pattern]) => pattern.test(message))?.[0] ?? 'default';
}
