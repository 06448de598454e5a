import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '#shared/api/errors.ts';
import { feedback } from '../../db/schema/index.ts';
import { countRows, createTestApp, type TestApp } from '../../test/test-app.ts';

const ratingError = 'Rating must be a whole number from 1 to 5';

describe('POST /api/feedback', () => {
  let testApp: TestApp;
  // Feedback shares the contact limit; keep it out of the way of these cases.
  beforeAll(async () => {
    testApp = await createTestApp({ CONTACT_RATE_LIMIT: '1000/1m' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const post = (payload: object) => testApp.app.inject({ method: 'POST', url: '/api/feedback', payload });
  const latest = async () =>
    (await testApp.database.db.select().from(feedback).orderBy(desc(feedback.createdAt)).limit(1))[0];

  it.each([1, 2, 3, 4, 5])('accepts rating %i without a comment and stores it', async (rating) => {
    const before = await countRows(testApp.database, 'feedback');

    const response = await post({ rating });

    expect(response.statusCode).toBe(201);
    expect(await countRows(testApp.database, 'feedback')).toBe(before + 1);
    expect(await latest()).toMatchObject({ rating, comment: null });
  });

  it('stores the comment and page sent with a rating', async () => {
    const response = await post({ rating: 4, comment: 'Clear and quick.', page: '/verify' });

    expect(response.statusCode).toBe(201);
    expect(await latest()).toMatchObject({ rating: 4, comment: 'Clear and quick.', page: '/verify' });
  });

  it.each([
    ['0', { rating: 0 }],
    ['6', { rating: 6 }],
    ['2.5', { rating: 2.5 }],
    ['the string "3"', { rating: '3' }],
    ['a missing rating', { comment: 'No rating here' }],
  ])('rejects %s with 400 INVALID_INPUT on fields.rating and stores nothing', async (_label, body) => {
    const before = await countRows(testApp.database, 'feedback');

    const response = await post(body);

    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toMatchObject({
      statusCode: 400,
      code: 'INVALID_INPUT',
      fields: { rating: ratingError },
    });
    expect(await countRows(testApp.database, 'feedback')).toBe(before);
  });

  it('rejects a comment over 1,000 characters with 400 and stores nothing', async () => {
    const before = await countRows(testApp.database, 'feedback');

    const response = await post({ rating: 3, comment: 'x'.repeat(1_001) });

    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toMatchObject({
      code: 'INVALID_INPUT',
      fields: { comment: 'Comment must be at most 1000 characters' },
    });
    expect(await countRows(testApp.database, 'feedback')).toBe(before);
  });
});
