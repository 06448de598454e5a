import { beforeAll, describe, expect, it } from 'vitest';
import { checked, csvOf, csvRow, settled } from '../../test/imports-api.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';
import { signInAs } from '../../test/staff-session.ts';

const api = setUpPeopleApi();
let otherStaff: Awaited<ReturnType<typeof signInAs>>;

beforeAll(async () => {
  otherStaff = await signInAs(api.harness.app, 'staff');
});

const commitAs = (headers: Record<string, string>, id: string) =>
  api.inject({ method: 'POST', url: `/api/imports/${id}/commit`, headers, payload: { duplicates: 'skip' } });

describe('an import belongs to the staff member who uploaded it', () => {
  it('other staff see it and its bad rows, and are told it is not theirs to commit', async () => {
    const view = await checked(api, csvOf([csvRow(), csvRow({ dob: 'bad' })]));

    const seen = await api.inject({ url: `/api/imports/${view.id}`, headers: otherStaff.headers });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ id: view.id, status: 'ready', valid: 1, committable: false });
    const errors = await api.inject({
      url: `/api/imports/${view.id}/errors.csv`,
      headers: otherStaff.headers,
    });
    expect(errors.statusCode).toBe(200);
    expect(errors.body).toContain('Date of birth');

    const refused = await commitAs(otherStaff.headers, view.id);
    expect(refused.json()).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'Only the staff member who uploaded this import, or an administrator, can commit it.',
    });
    const own = await api.inject({ url: `/api/imports/${view.id}`, headers: api.staff.headers });
    expect(own.json()).toMatchObject({ status: 'ready', committable: true, created: 0 });
  });

  it('an administrator may commit anyone’s import', async () => {
    const row = csvRow();
    const view = await checked(api, csvOf([row]));
    const adminView = await api.inject({ url: `/api/imports/${view.id}`, headers: api.admin.headers });
    expect(adminView.json()).toMatchObject({ committable: true });

    expect((await commitAs(api.admin.headers, view.id)).statusCode).toBe(202);
    expect(await settled(api, view.id)).toMatchObject({ status: 'done', created: 1 });
    const listed = await api.inject({ url: `/api/people?q=${row.finNumber}`, headers: api.staff.headers });
    expect(listed.json().total).toBe(1);
  });
});
