import { postJson } from '#client/lib/api-client.ts';
import type { ContactInput, ContactResponse } from '#shared/api/contact.ts';

export const sendContactMessage = (input: ContactInput) => postJson<ContactResponse>('/api/contact', input);
