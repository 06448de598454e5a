// kill -9 in the middle of uploads and writes, start again: nothing half-written, nothing orphaned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '#shared/api/audit.ts';
import type { PeoplePage } from '#shared/api/people.ts';
import { createScratchDatabase } from '../../src/server/test/scratch-database.ts';
import { multipartForm, personFields, personFiles } from '../../src/server/test/upload-fixtures.ts';
import {
  ageFiles,
  createInstallation,
  filesOnDisk,
  type Installation,
  type RunningServer,
  signIn,
  sleep,
  startServer,
} from './server-process.ts';

const databaseKind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const RUN = `K${Date.now().toString(36).toUpperCase()}`;

describe(`a server killed with SIGKILL under writes (${databaseKind})`, () => {
  let installation: Installation;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let server: RunningServer | undefined;
  let headers: Record<string, string>;
  const acknowledged = { people: [] as string[], renewals: [] as string[] };

  beforeAll(async () => {
    const adminUrl = process.env.DATABASE_URL;
    scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined;
    installation = await createInstallation(scratch?.url);
    server = await startServer(installation);
    headers = await signIn(installation);

    const stop = { now: false };
    // The kill makes requests in flight fail; what counts is what was acknowledged before it.
    const workers = [
      startSlowUpload(installation, headers),
      ...Array.from({ length: 3 }, () => addPeopleUntil(stop, installation, headers, acknowledged.people)),
      ...Array.from({ length: 3 }, () =>
        addRenewalsUntil(stop, installation, headers, acknowledged.renewals),
      ),
    ].map((work) => work.catch(() => undefined));
    // Kill once writes are well under way, with more in flight and one upload half sent.
    const deadline = Date.now() + 60_000;
    while (acknowledged.people.length < 4 && Date.now() < deadline) await sleep(20);
    await server.kill('SIGKILL');
    stop.now = true;
    await Promise.all(workers);

    // As if the sweep's grace period had passed since the crash; the restart's sweep may now judge every file.
    ageFiles(installation.filesDir, 2);
    server = await startServer(installation);
    headers = await signIn(installation);
  }, 180_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await scratch?.drop();
    installation?.remove();
  });

  it('opens the database cleanly and keeps every acknowledged write', async () => {
    expect(acknowledged.people.length).toBeGreaterThanOrEqual(4);
    for (const id of acknowledged.people) expect((await get(`/api/people/${id}`)).status).toBe(200);
    for (const id of acknowledged.renewals) expect((await get(`/api/renewals/${id}`)).status).toBe(200);
  });

  it('leaves no partial person: each row has its three images on disk and its audit event', async () => {
    const people = await listPeople();
    expect(people.items.length).toBeGreaterThanOrEqual(acknowledged.people.length);
    for (const person of people.items) {
      for (const file of [person.passportImage, person.certificateImage, person.signatureImage]) {
        expect(file, `${person.id} lacks an image`).not.toBeNull();
        expect((await get(file?.url ?? '')).status).toBe(200);
      }
      expect(await auditedIds('person')).toContain(person.id);
    }
    expect(people.items.some((person) => person.finNumber === `${RUN}SLOW`)).toBe(false);
  });

  it('has an audit event only for rows that exist: the event and the row commit together', async () => {
    const peopleIds = (await listPeople()).items.map((person) => person.id);
    expect((await auditedIds('person')).sort()).toEqual([...peopleIds].sort());
    const renewals = await (await get(`/api/renewals?q=${RUN}&pageSize=100`)).json();
    const renewalIds = (renewals as { items: { id: string }[] }).items.map((renewal) => renewal.id);
    expect(renewalIds.length).toBeGreaterThanOrEqual(acknowledged.renewals.length);
    expect((await auditedIds('renewal')).sort()).toEqual([...renewalIds].sort());
  });

  it('removes in its start-up sweep every file no row refers to, temporary files included', async () => {
    const people = await listPeople();
    const referenced = new Set(
      people.items.flatMap((person) =>
        [person.passportImage, person.certificateImage, person.signatureImage, person.pdf].flatMap((file) =>
          file ? [file.url, file.thumbnailUrl ?? ''].filter(Boolean).map((url) => url.split('/').pop()) : [],
        ),
      ),
    );
    let onDisk: string[] = [];
    for (let attempt = 0; attempt < 100; attempt++) {
      onDisk = filesOnDisk(installation.filesDir).map((name) => name.split('/').pop() ?? '');
      if (onDisk.length === referenced.size) break;
      await sleep(200);
    }
    expect(onDisk.sort()).toEqual([...referenced].sort());
  });

  it('takes new writes after the restart', async () => {
    const response = await addPerson(installation, headers, 'AFTER');
    expect(response.status).toBe(201);
  });

  const get = (url: string) => fetch(`${installation.url}${url}`, { headers });
  const listPeople = async () =>
    (await (await get(`/api/people?q=${RUN}&pageSize=100`)).json()) as PeoplePage;
  async function auditedIds(entityType: 'person' | 'renewal'): Promise<string[]> {
    const page = (await (await get(`/api/audit?entityType=${entityType}&pageSize=100`)).json()) as AuditPage;
    return page.items.filter((event) => event.action === 'create').map((event) => event.entityId);
  }
});

let serial = 0;

async function addPerson(installation: Installation, headers: Record<string, string>, tag: string) {
  serial += 1;
  const form = multipartForm(
    personFields({ finNumber: `${RUN}${tag}`, eCertNumber: `${RUN}-${serial}` }),
    await personFiles(),
  );
  return fetch(`${installation.url}/api/people`, { method: 'POST', headers, body: form });
}

async function addPeopleUntil(
  stop: { now: boolean },
  installation: Installation,
  headers: Record<string, string>,
  ids: string[],
) {
  while (!stop.now) {
    const response = await addPerson(installation, headers, 'P');
    if (response.status !== 201) throw new Error(`create answered ${response.status}`);
    ids.push(((await response.json()) as { id: string }).id);
  }
}

async function addRenewalsUntil(
  stop: { now: boolean },
  installation: Installation,
  headers: Record<string, string>,
  ids: string[],
) {
  // Capped, so one page of the audit trail holds them all.
  for (let count = 0; count < 20 && !stop.now; count++) {
    serial += 1;
    const body = JSON.stringify(personFields({ finNumber: `${RUN}R`, eCertNumber: `${RUN}-R${serial}` }));
    const response = await fetch(`${installation.url}/api/renewals`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
    if (response.status !== 201) throw new Error(`renewal answered ${response.status}`);
    ids.push(((await response.json()) as { id: string }).id);
  }
}

/** An upload that sends half its body and then stalls, so the kill lands in the middle of it. */
async function startSlowUpload(installation: Installation, headers: Record<string, string>) {
  const form = multipartForm(
    personFields({ finNumber: `${RUN}SLOW`, eCertNumber: `${RUN}-SLOW` }),
    await personFiles(),
  );
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.slice(0, bytes.length / 2));
    },
  });
  return fetch(`${installation.url}/api/people`, {
    method: 'POST',
    headers: { ...headers, 'content-type': contentType },
    body,
    duplex: 'half',
  } as RequestInit);
}
