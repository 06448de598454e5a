import { createHash } from 'node:crypto';
import { DEMO_TRADES } from '#server/features/demo/demo-people.ts';

/**
 * Fictional person records for load tests, deterministic for a seed. Each generated holder has
 * one FIN and 1–5 records (one per test taken), like the real registry; names, nationalities and
 * trades are drawn from mixed pools so trigram search sees a realistic spread of substrings.
 * Identification numbers start with "B" (bench) so they never collide with demo ("D") records.
 */

/** mulberry32: small, fast, good enough to spread fake data; the same seed gives the same rows. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Random = ReturnType<typeof createRandom>;

// Given names and family names by region, so a name and its nationality look plausible together.
const REGIONS = [
  {
    nationalities: ['Indian', 'Sri Lankan'],
    given: ['Arjun', 'Priya', 'Ravi', 'Kumar', 'Lakshmi', 'Suresh', 'Anand', 'Meena', 'Vijay', 'Deepa'],
    family: ['Selvaraj', 'Krishnan', 'Ramasamy', 'Subramaniam', 'Perera', 'Natarajan', 'Pillai', 'Rao'],
    weight: 3,
  },
  {
    nationalities: ['Bangladeshi'],
    given: ['Rahim', 'Karim', 'Sumon', 'Hasan', 'Nasrin', 'Shahid', 'Rubel', 'Mizanur', 'Jahid', 'Alamgir'],
    family: ['Hossain', 'Rahman', 'Islam', 'Uddin', 'Ahmed', 'Miah', 'Sarkar', 'Chowdhury'],
    weight: 3,
  },
  {
    nationalities: ['Chinese', 'Malaysian'],
    given: ['Wei', 'Jun', 'Li Na', 'Ming', 'Hui Min', 'Jia Hao', 'Xiao Long', 'Mei Ling', 'Zhi Hao', 'Yan'],
    family: ['Tan', 'Lim', 'Wong', 'Chen', 'Zhang', 'Liu', 'Ng', 'Goh', 'Lee', 'Ong'],
    weight: 2,
  },
  {
    nationalities: ['Filipino'],
    given: ['Jose', 'Maria', 'Mark', 'Angelica', 'Rodel', 'Jonel', 'Cristina', 'Ramon', 'Liza', 'Arnel'],
    family: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Villanueva', 'Dela Cruz'],
    weight: 2,
  },
  {
    nationalities: ['Myanmar', 'Thai'],
    given: ['Aung', 'Kyaw', 'Thandar', 'Min', 'Somchai', 'Niran', 'Nilar', 'Zaw', 'Malee', 'Hla'],
    family: ['Win', 'Htun', 'Oo', 'Naing', 'Saetang', 'Boonmee', 'Myint', 'Thein'],
    weight: 1,
  },
  {
    nationalities: ['Indonesian', 'Vietnamese', 'Nepali'],
    given: ['Budi', 'Siti', 'Agus', 'Nguyen Van', 'Tran Thi', 'Bishnu', 'Sita', 'Ram', 'Dewi', 'Hoang'],
    family: ['Santoso', 'Wijaya', 'Pham', 'Le', 'Gurung', 'Tamang', 'Shrestha', 'Hidayat'],
    weight: 1,
  },
] as const;
const WEIGHTED_REGIONS = REGIONS.flatMap((region) => Array.from({ length: region.weight }, () => region));

/** The demo's trades and more, so trade names vary as widely as in a real registry. */
const TRADES = [
  ...DEMO_TRADES,
  'Scaffold Erection',
  'Plumbing and Pipefitting',
  'Tower Crane Operation',
  'Tiling',
  'Plastering',
  'Rigger and Signalman',
] as const;
const LEVELS = ['Basic', 'Intermediate', 'Advanced', 'Level 1', 'Level 2'] as const;
// Most records are passes; a registry still holds some fails and absences.
const RESULTS = ['Passed', 'Passed', 'Passed', 'Passed', 'Passed', 'Passed', 'Passed', 'Failed', 'Absent'];

/** How many records a holder has: mostly one, at most five (mean about 1.9). */
const RECORDS_PER_HOLDER = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5] as const;

const DAY_MS = 86_400_000;
/** One record in this many is revoked: a registry revokes few, and staff filter for them. */
const REVOKED_EVERY = 200;
const TEN_YEARS_DAYS = 3652;

interface FakeFileRef {
  key: string;
  thumbnailKey?: string;
  contentType: string;
  size: number;
}

/** The columns the generator writes, in insert order; `id`, `updated_at` and the rest default. */
export const FAKE_COLUMNS = [
  'name',
  'dob',
  'gender',
  'nationality',
  'passport_number',
  'fin_number',
  'e_cert_number',
  'trade_tested',
  'test_level',
  'test_result',
  'passed_date',
  'signature_image',
  'passport_image',
  'certificate_image',
  'pdf',
  'created_at',
  'updated_at',
  'revoked_at',
  'revocation_reason',
] as const;
export type FakeRow = Record<(typeof FAKE_COLUMNS)[number], string | null>;

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A day (YYYY-MM-DD) in the ten years the generated passed dates cover. */
export const dayInPassedRange = (random: Random) =>
  isoDate(Date.now() - random.int(0, TEN_YEARS_DAYS) * DAY_MS);
// Content-addressed keys look like sha256 hex: 56 hex characters from a fixed pool, then the
// counter as 8 more, so every key is unique and making one costs no hashing.
const KEY_POOL = Array.from({ length: 4096 }, (_, i) =>
  createHash('sha256').update(String(i)).digest('hex').slice(0, 56),
);
let keyCounter = 0;
const fakeKey = (extension: string) => {
  const n = keyCounter++;
  return `${KEY_POOL[n & 4095]}${(n >>> 0).toString(16).padStart(8, '0')}.${extension}`;
};

function fileRef(random: Random, contentType: 'image/webp' | 'application/pdf'): string {
  const ref: FakeFileRef =
    contentType === 'image/webp'
      ? {
          key: fakeKey('webp'),
          thumbnailKey: fakeKey('webp'),
          contentType,
          size: random.int(20_000, 400_000),
        }
      : { key: fakeKey('pdf'), contentType, size: random.int(50_000, 900_000) };
  return JSON.stringify(ref);
}

/**
 * Yields `count` records, holder by holder. FINs are a bijection of the holder number, so they are
 * unique per holder without a lookup table; e-Cert serials are unique by construction.
 */
export function* fakePeople(count: number, seed = 20240601, now = Date.now()): Generator<FakeRow> {
  const random = createRandom(seed);
  keyCounter = seed * 1_000;
  let made = 0;
  for (let holder = 0; made < count; holder++) {
    const region = random.pick(WEIGHTED_REGIONS);
    const gender = random.next() < 0.7 ? 'Male' : 'Female';
    const name = `${random.pick(region.given)} ${random.pick(region.family)}`;
    const nationality = random.pick(region.nationalities);
    // 7 digits scrambled by a multiplier coprime to 10^7, prefixed by one of three letters.
    const finDigits = String((holder * 7_654_321 + 1_234_567) % 10_000_000).padStart(7, '0');
    const finNumber = `B${'FGM'[Math.floor(holder / 10_000_000) % 3]}${finDigits}${String.fromCharCode(65 + (holder % 26))}`;
    const passportNumber = `${String.fromCharCode(65 + random.int(0, 25))}${random.int(1_000_000, 9_999_999)}`;
    const dob = isoDate(now - random.int(20 * 365, 58 * 365) * DAY_MS);
    const records = Math.min(random.pick(RECORDS_PER_HOLDER), count - made);
    for (let r = 0; r < records; r++) {
      const passedMs = now - random.int(0, TEN_YEARS_DAYS) * DAY_MS;
      const createdAt = new Date(passedMs + random.int(0, 14) * DAY_MS + random.int(0, DAY_MS - 1));
      const created = new Date(Math.min(createdAt.getTime(), now)).toISOString();
      yield {
        name,
        dob,
        gender,
        nationality,
        passport_number: passportNumber,
        fin_number: finNumber,
        e_cert_number: `BEC-${new Date(passedMs).getUTCFullYear()}-${String(made).padStart(7, '0')}`,
        trade_tested: random.pick(TRADES),
        test_level: random.pick(LEVELS),
        test_result: random.pick(RESULTS),
        passed_date: isoDate(passedMs),
        signature_image: random.next() < 0.95 ? fileRef(random, 'image/webp') : null,
        passport_image: fileRef(random, 'image/webp'),
        certificate_image: fileRef(random, 'image/webp'),
        pdf: random.next() < 0.7 ? fileRef(random, 'application/pdf') : null,
        created_at: created,
        updated_at: created,
        // Chosen by position, not by the random stream, so every other column stays as before.
        revoked_at: made % REVOKED_EVERY === 7 ? created : null,
        revocation_reason: made % REVOKED_EVERY === 7 ? 'Issued in error (fictional)' : null,
      };
      made++;
    }
  }
}
