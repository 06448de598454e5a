import { z } from 'zod';
import {
  CONTACT_MESSAGE_MAX_LENGTH as MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH as NAME_MAX_LENGTH,
} from '../limits.ts';

// A deliberately simple check: something@something.tld, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const contactMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  messageRequired: 'Message is required',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  emailTooLong: `Email must be at most ${NAME_MAX_LENGTH} characters`,
  messageTooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
} as const;

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

export const contactInput = z.object({
  name: requiredText(contactMessages.nameRequired, NAME_MAX_LENGTH, contactMessages.nameTooLong),
  email: requiredText(contactMessages.emailRequired, NAME_MAX_LENGTH, contactMessages.emailTooLong).regex(
    EMAIL_PATTERN,
    { error: contactMessages.emailInvalid },
  ),
  message: requiredText(contactMessages.messageRequired, MESSAGE_MAX_LENGTH, contactMessages.messageTooLong),
});
export type ContactInput = z.infer<typeof contactInput>;

export const contactResponse = z.object({ reply: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;
