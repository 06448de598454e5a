import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PersonView, RecordFields } from '#shared/api/people.ts';
import { auditEvent } from '../db/schema/index.ts';
import { anotherClientAddress } from './client-address.ts';
import { signInAs } from './staff-session.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { multipartForm, personFields, personFiles, type Upload } from './upload-fixtures.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

/**
 * A test file's app with a staff and an administrator session, made before its tests and closed
 * after them, and the requests the people tests make through the API.
 */
export function setUpPeopleApi(env: Record<string, string> = {}) {
  const api = {
    harness: undefined as unknown as TestApp,
    staff: undefined as unknown as Session,
    admin: undefined as unknown as Session,
    inject: (options: InjectOptions) => api.harness.app.inject(options),
    /** Adds a person as staff: valid fields and files, with `fields` and `files` in their place. */
    async create(fields: Partial<RecordFields> = {}, files: Record<string, Upload | undefined> = {}) {
      const payload = multipartForm({ ...personFields(fields) }, { ...(await personFiles()), ...files });
      return api.inject({ method: 'POST', url: '/api/people', headers: api.staff.headers, payload });
    },
    async created(fields: Partial<RecordFields> = {}): Promise<PersonView> {
      const response = await api.create(fields);
      expect(response.statusCode).toBe(201);
      return response.json();
    },
    /** A record's public e-Cert PDF, downloaded by a client of its own (each new PDF counts against its client). */
    eCertPdf: (id: string, language?: string) =>
      api.inject({
        url: `/api/certificates/${id}/e-cert.pdf${language ? `?lang=${language}` : ''}`,
        remoteAddress: anotherClientAddress(),
      }),
    /** Revokes a person's e-Cert as staff, with `reason`. */
    async revoked(id: string, reason = 'Issued in error') {
      const response = await api.inject({
        method: 'POST',
        url: `/api/people/${id}/revoke`,
        headers: api.staff.headers,
        payload: { reason },
      });
      expect(response.statusCode, response.body).toBe(200);
    },
    auditOf: (id: string) =>
      api.harness.database.db
        .select()
        .from(auditEvent)
        .where(and(eq(auditEvent.entityType, 'person'), eq(auditEvent.entityId, id)))
        .orderBy(asc(auditEvent.at)),
  };
  beforeAll(async () => {
    api.harness = await createTestApp(env);
    api.staff = await signInAs(api.harness.app, 'staff');
    api.admin = await signInAs(api.harness.app, 'admin');
  });
  afterAll(async () => {
    await api.harness.close();
  });
  return api;
}
