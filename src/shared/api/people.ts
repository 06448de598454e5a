import { z } from 'zod';
import { TEXT_FIELD_MAX_LENGTH } from '../limits.ts';
import { readTestResult, testResults } from '../rules/test-result.ts';
import { fileView } from './certificates.ts';
import { revokeInput } from './credentials.ts';
import { pageOf, searchPageQuery } from './paging.ts';

const text = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(TEXT_FIELD_MAX_LENGTH, { error: `${label} must be at most ${TEXT_FIELD_MAX_LENGTH} characters` });

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const calendarDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date (YYYY-MM-DD)` })
    .refine(isRealDate, { error: `${label} must be a real calendar date` });

/** A result as input may spell it ("Pass", "F"), stored as one of the fixed set (rules/test-result.ts). */
const testResult = text('Test result').transform((value, context) => {
  const result = readTestResult(value);
  if (result) return result;
  context.addIssue({
    code: 'custom',
    message: `Test result must be one of ${testResults.join(', ')} (or Pass, Fail, P, F)`,
  });
  return z.NEVER;
});

/**
 * The latest date a result may have been passed on: today where the day is furthest ahead
 * (UTC+14), so a result passed this morning anywhere is accepted and a date to come is not.
 */
const latestPassedDate = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

/** The eleven personal and test fields shared by people and renewal records. */
export const recordFields = z.object({
  name: text('Name'),
  dob: calendarDate('Date of birth'),
  gender: text('Gender'),
  nationality: text('Nationality'),
  passportNumber: text('Passport number'),
  finNumber: text('FIN number'),
  eCertNumber: text('e-Cert serial no.'),
  tradeTested: text('Trade tested'),
  testLevel: text('Test level'),
  testResult,
  passedDate: calendarDate('Passed date').refine((date) => date <= latestPassedDate(), {
    error: 'Passed date must not be in the future',
  }),
});
/** The fields as written: a stored result is text, since one a migration could not read is kept. */
export type RecordFields = z.input<typeof recordFields>;
export const recordFieldNames = Object.keys(recordFields.shape) as (keyof RecordFields)[];

/** An edit (PATCH): any of the fields, each checked as when adding; a field left out keeps its value. */
export const recordFieldsPatch = recordFields.partial();
export type RecordFieldsPatch = z.infer<typeof recordFieldsPatch>;

/** Labels for forms and cards, in form order. */
export const recordFieldLabels: Record<keyof RecordFields, string> = {
  name: 'Name',
  dob: 'Date of Birth',
  gender: 'Gender',
  nationality: 'Nationality',
  passportNumber: 'Passport No',
  finNumber: 'FIN No',
  eCertNumber: 'e-Cert No',
  tradeTested: 'Trade Tested',
  testLevel: 'Test Level',
  testResult: 'Test Result',
  passedDate: 'Passed Date',
};

export const personFileFields = ['passportImage', 'certificateImage', 'signatureImage', 'pdf'] as const;
export type PersonFileField = (typeof personFileFields)[number];
export const requiredPersonFiles = ['passportImage', 'certificateImage', 'signatureImage'] as const;

/** A person as staff see it: identifiers in full, files with their URLs. */
export const personView = recordFields.extend({
  id: z.uuid(),
  testResult: z.string(),
  courseStatus: z.enum(['available', 'unavailable']),
  signatureImage: fileView.nullable(),
  passportImage: fileView.nullable(),
  certificateImage: fileView.nullable(),
  pdf: fileView.nullable(),
  revokedAt: z.string().nullable(),
  revocationReason: z.string().nullable(),
  /** The last day the course is available (YYYY-MM-DD): "Valid until" on a card. */
  courseExpiresOn: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type PersonView = z.infer<typeof personView>;
/** What the Peoples table sorts by: name, e-Cert serial no., passed date, or when added. */
const peopleSorts = ['name', 'serial', 'passed', 'created'] as const;
export type PeopleSort = (typeof peopleSorts)[number];
export type SortDirection = 'asc' | 'desc';
/** A sort without a direction: names and serials from A, dates from the newest. */
export const defaultDirection: Record<PeopleSort, SortDirection> = {
  name: 'asc',
  serial: 'asc',
  passed: 'desc',
  created: 'desc',
};
/** The Status filter, as the card's badge: revoked wins over valid (within validity) or expired. */
export const peopleStatuses = ['valid', 'expired', 'revoked'] as const;
/**
 * A list's order when no sort is chosen: newest first, but by passed date (newest first) when the
 * Status filter is valid or expired, whose index is read in that order; most recently expired
 * first is also what staff look for when chasing renewals.
 */
export const defaultSort = (query: { status?: (typeof peopleStatuses)[number] }): PeopleSort =>
  query.status === 'valid' || query.status === 'expired' ? 'passed' : 'created';
/** The Result filter: "Passed" in any case, anything else, or a stored result outside the fixed set. */
const peopleResults = ['passed', 'other', 'review'] as const;

/** A page link's cursor: opaque to the client, read and checked by the server. */
const pageCursor = z.string().max(1_000, { error: 'Page cursor is too long' }).optional();

/**
 * Page numbers reach this many rows into a list; further pages are reached by Next and Previous
 * (cursors) or by jumping to a name, serial or date, which read from where they start.
 */
export const PAGED_ROWS = 1_000;

/**
 * The Peoples list: a search, a sort, and filters: course (trade tested, exact), result, status,
 * and "missing images" for records that lack one of the three images.
 */
export const peopleQuery = searchPageQuery.extend({
  missing: z.enum(['images'], { error: 'Missing must be "images"' }).optional(),
  sort: z.enum(peopleSorts, { error: 'Sort must be name, serial, passed or created' }).optional(),
  direction: z.enum(['asc', 'desc'], { error: 'Direction must be asc or desc' }).optional(),
  course: z
    .string()
    .trim()
    .min(1, { error: 'Course must not be empty' })
    .max(TEXT_FIELD_MAX_LENGTH, { error: `Course must be at most ${TEXT_FIELD_MAX_LENGTH} characters` })
    .optional(),
  result: z.enum(peopleResults, { error: 'Result must be passed, other or review' }).optional(),
  status: z.enum(peopleStatuses, { error: 'Status must be valid, expired or revoked' }).optional(),
  /** The page after or before the row a `next` or `prev` cursor of an earlier page names. */
  after: pageCursor,
  before: pageCursor,
  /**
   * A jump: the first rows at or after this name, serial or date (YYYY-MM-DD, passed or added) in
   * the list's sort, in place of a far page number.
   */
  from: z
    .string()
    .trim()
    .min(1, { error: 'Jump to must not be empty' })
    .max(TEXT_FIELD_MAX_LENGTH, { error: `Jump to must be at most ${TEXT_FIELD_MAX_LENGTH} characters` })
    .optional(),
});
export type PeopleQuery = z.infer<typeof peopleQuery>;
export type PeopleFilters = Pick<PeopleQuery, 'course' | 'result' | 'status' | 'missing'>;

/** The courses (trades tested) of live people, for the Course filter. */
export const peopleCourses = z.object({ courses: z.array(z.string()) });

/** How many records one bulk action may name: one request, all or nothing. */
export const BULK_MAX_RECORDS = 500;
const bulkIds = z
  .array(z.uuid({ error: 'Each id must be a record id' }), { error: 'ids must be a list of record ids' })
  .min(1, { error: 'Choose at least one record' })
  .max(BULK_MAX_RECORDS, { error: `Choose at most ${BULK_MAX_RECORDS} records at once` });
export const bulkSelection = z.object({ ids: bulkIds });
/** Revokes each record with the same reason, checked as a single revocation's. */
export const bulkRevocation = revokeInput.extend({ ids: bulkIds });
/**
 * Every live record the Peoples list's search and filters match: a bulk action on "all N matching"
 * names them by the list's own query, which the server runs, never by ids.
 */
const peopleMatching = peopleQuery.pick({
  q: true,
  course: true,
  result: true,
  status: true,
  missing: true,
});
export type PeopleMatching = z.infer<typeof peopleMatching>;
/** The most records "all matching" takes: as many as a filtered list counts exactly. */
export const BULK_MATCHING_MAX = 10_000;
/**
 * Revokes every record matching, with one reason; `count` is how many the person confirmed, and
 * nothing changes when a different number matches by then.
 */
export const bulkRevocationMatching = revokeInput.extend({
  matching: peopleMatching,
  count: z
    .number({ error: 'count must be the number of records confirmed' })
    .int({ error: 'count must be the number of records confirmed' })
    .min(1, { error: 'count must be at least 1' })
    .max(BULK_MATCHING_MAX, { error: `At most ${BULK_MATCHING_MAX.toLocaleString('en')} records at once` }),
});
export type BulkRevocationMatching = z.infer<typeof bulkRevocationMatching>;
export const bulkResult = z.object({ count: z.number().int() });
export type BulkResult = z.infer<typeof bulkResult>;

export const peoplePage = pageOf(personView).extend({
  /** A search counts its matches up to 300: true when more match than `total`. */
  totalCapped: z.boolean(),
  /** The `after` that gives the next page, or null on the last. */
  next: z.string().nullable(),
  /** The `before` that gives the previous page, or null on the first. */
  prev: z.string().nullable(),
});
export type PeoplePage = z.infer<typeof peoplePage>;

export const renewalView = recordFields.extend({
  id: z.uuid(),
  testResult: z.string(),
  courseStatus: z.enum(['available', 'unavailable']),
  /** The live person record with the same FIN, for "View"; null when there is none. */
  personId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RenewalView = z.infer<typeof renewalView>;
export const renewalsPage = pageOf(renewalView);
export type RenewalsPage = z.infer<typeof renewalsPage>;
