/**
 * The demo registry: fictional people of a fictional issuer ("Demo Skills Institute"), seeded into
 * an empty database so a fresh install has something to verify and browse.
 *
 * Everything here is made up. Identification numbers always start with "D" (demo), passport
 * numbers with "DP", e-Cert serial numbers with "DSI-". Dates are stored as offsets in days before
 * the seeding day, so the demo never goes stale: most certificates are current under the default
 * 2-year validity, a few have expired. Serial numbers carry no year for the same reason.
 */

export const DEMO_TRADES = [
  'Workplace Safety',
  'Forklift Operation',
  'Electrical Wiring',
  'Metal Arc Welding',
  'Food Hygiene',
  'Basic First Aid',
] as const;
type DemoTrade = (typeof DEMO_TRADES)[number];

/** Which documents a record comes with; most have all four. */
type DemoFiles = 'all' | 'no-pdf' | 'no-signature' | 'no-images';

export interface DemoTest {
  eCertNumber: string;
  tradeTested: DemoTrade;
  testLevel: string;
  testResult: string;
  /** Days before the seeding day. Kept clear of 729–735 so validity never depends on leap years. */
  passedDaysAgo: number;
  files?: DemoFiles;
  revocationReason?: string;
}

/** One certificate holder; each test taken is one person record with the holder's FIN. */
export interface DemoHolder {
  name: string;
  dob: string;
  gender: 'Male' | 'Female';
  nationality: string;
  passportNumber: string;
  finNumber: string;
  tests: DemoTest[];
}

export const DEMO_HOLDERS: readonly DemoHolder[] = [
  {
    name: 'Arjun Selvaraj',
    dob: '1988-04-17',
    gender: 'Male',
    nationality: 'Indian',
    passportNumber: 'DP4810231',
    finNumber: 'D0001001A',
    tests: [
      {
        eCertNumber: 'DSI-000101',
        tradeTested: 'Workplace Safety',
        testLevel: 'Basic',
        testResult: 'Passed',
        passedDaysAgo: 2020,
      },
      {
        eCertNumber: 'DSI-000214',
        tradeTested: 'Forklift Operation',
        testLevel: 'Level 1',
        testResult: 'Passed',
        passedDaysAgo: 1180,
      },
      {
        eCertNumber: 'DSI-000356',
        tradeTested: 'Forklift Operation',
        testLevel: 'Level 2',
        testResult: 'Passed',
        passedDaysAgo: 210,
      },
      {
        eCertNumber: 'DSI-000402',
        tradeTested: 'Electrical Wiring',
        testLevel: 'Level 1',
        testResult: 'Pending',
        passedDaysAgo: 25,
      },
    ],
  },
  {
    name: 'Chen Xiaoyu',
    dob: '1993-11-02',
    gender: 'Female',
    nationality: 'Chinese',
    passportNumber: 'DP5527104',
    finNumber: 'D0001002K',
    tests: [
      {
        eCertNumber: 'DSI-000133',
        tradeTested: 'Food Hygiene',
        testLevel: 'Basic',
        testResult: 'Passed',
        passedDaysAgo: 1500,
      },
      {
        eCertNumber: 'DSI-000318',
        tradeTested: 'Food Hygiene',
        testLevel: 'Intermediate',
        testResult: 'Failed',
        passedDaysAgo: 400,
      },
      {
        eCertNumber: 'DSI-000327',
        tradeTested: 'Food Hygiene',
        testLevel: 'Intermediate',
        testResult: 'Passed',
        passedDaysAgo: 330,
      },
    ],
  },
  {
    name: 'Md Rafiqul Islam',
    dob: '1990-01-23',
    gender: 'Male',
    nationality: 'Bangladeshi',
    passportNumber: 'DP3092876',
    finNumber: 'D0001003M',
    tests: [
      {
        eCertNumber: 'DSI-000187',
        tradeTested: 'Metal Arc Welding',
        testLevel: 'Level 1',
        testResult: 'Passed',
        passedDaysAgo: 900,
      },
      {
        eCertNumber: 'DSI-000391',
        tradeTested: 'Metal Arc Welding',
        testLevel: 'Level 2',
        testResult: 'Passed',
        passedDaysAgo: 120,
      },
    ],
  },
  {
    name: 'Maria Theresa Dela Cruz',
    dob: '1986-07-09',
    gender: 'Female',
    nationality: 'Filipino',
    passportNumber: 'DP6641950',
    finNumber: 'D0001004R',
    tests: [
      {
        eCertNumber: 'DSI-000299',
        tradeTested: 'Workplace Safety',
        testLevel: 'Basic',
        // Stored in lowercase before results were a fixed set: still a pass, listed "To review".
        testResult: 'passed',
        passedDaysAgo: 480,
      },
      {
        eCertNumber: 'DSI-000411',
        tradeTested: 'Basic First Aid',
        testLevel: 'Basic',
        testResult: 'Passed',
        passedDaysAgo: 60,
      },
    ],
  },
  single('Aung Kyaw Min', '1995-03-14', 'Male', 'Myanmar', 'DP7203318', 'D0001005T', {
    eCertNumber: 'DSI-000372',
    tradeTested: 'Forklift Operation',
    testLevel: 'Level 1',
    testResult: 'Passed',
    passedDaysAgo: 150,
  }),
  single('Nguyen Van Thanh', '1991-09-30', 'Male', 'Vietnamese', 'DP2189457', 'D0001006B', {
    eCertNumber: 'DSI-000384',
    tradeTested: 'Metal Arc Welding',
    testLevel: 'Level 2',
    testResult: 'Passed',
    passedDaysAgo: 95,
  }),
  single('Nurul Aina Rahman', '1998-12-05', 'Female', 'Malaysian', 'DP8830562', 'D0001007H', {
    eCertNumber: 'DSI-000363',
    tradeTested: 'Food Hygiene',
    testLevel: 'Basic',
    testResult: 'Passed',
    passedDaysAgo: 175,
  }),
  single('Somchai Wongsakul', '1979-06-21', 'Male', 'Thai', 'DP1946620', 'D0001008J', {
    eCertNumber: 'DSI-000112',
    tradeTested: 'Electrical Wiring',
    testLevel: 'Level 2',
    testResult: 'Passed',
    passedDaysAgo: 2100,
  }),
  single('Priya Ramanathan', '1994-02-11', 'Female', 'Indian', 'DP4057713', 'D0001009N', {
    eCertNumber: 'DSI-000341',
    tradeTested: 'Basic First Aid',
    testLevel: 'Intermediate',
    testResult: 'Passed',
    passedDaysAgo: 260,
    files: 'no-pdf',
  }),
  single('Kamal Perera', '1983-10-08', 'Male', 'Sri Lankan', 'DP5371284', 'D0001010C', {
    eCertNumber: 'DSI-000305',
    tradeTested: 'Workplace Safety',
    testLevel: 'Intermediate',
    testResult: 'Passed',
    passedDaysAgo: 455,
  }),
  single('Bishnu Thapa Magar', '1989-05-27', 'Male', 'Nepalese', 'DP6120947', 'D0001011E', {
    eCertNumber: 'DSI-000279',
    tradeTested: 'Forklift Operation',
    testLevel: 'Level 2',
    testResult: 'Passed',
    passedDaysAgo: 610,
  }),
  single('Faisal Mehmood Abbasi', '1992-08-16', 'Male', 'Pakistani', 'DP3308851', 'D0001012G', {
    eCertNumber: 'DSI-000395',
    tradeTested: 'Electrical Wiring',
    testLevel: 'Level 3',
    testResult: 'Failed',
    passedDaysAgo: 88,
  }),
  single('Ratna Kusumawati', '1997-04-03', 'Female', 'Indonesian', 'DP9014476', 'D0001013L', {
    eCertNumber: 'DSI-000377',
    tradeTested: 'Food Hygiene',
    testLevel: 'Intermediate',
    testResult: 'Passed',
    passedDaysAgo: 140,
  }),
  single('Grace Wanjiru Kamau', '1990-12-19', 'Female', 'Kenyan', 'DP2760139', 'D0001014P', {
    eCertNumber: 'DSI-000350',
    tradeTested: 'Basic First Aid',
    testLevel: 'Advanced',
    testResult: 'Passed',
    passedDaysAgo: 230,
    files: 'no-signature',
  }),
  single('Kwame Asante Boateng', '1981-02-28', 'Male', 'Ghanaian', 'DP4482065', 'D0001015S', {
    eCertNumber: 'DSI-000148',
    tradeTested: 'Metal Arc Welding',
    testLevel: 'Level 3',
    testResult: 'Passed',
    passedDaysAgo: 1650,
  }),
  single('Lucas Oliveira Prado', '1987-09-12', 'Male', 'Brazilian', 'DP7795310', 'D0001016U', {
    eCertNumber: 'DSI-000333',
    tradeTested: 'Workplace Safety',
    testLevel: 'Advanced',
    testResult: 'Passed',
    passedDaysAgo: 300,
  }),
  single('Katarzyna Nowicka', '1995-07-01', 'Female', 'Polish', 'DP1537792', 'D0001017W', {
    eCertNumber: 'DSI-000368',
    tradeTested: 'Basic First Aid',
    testLevel: 'Basic',
    testResult: 'Passed',
    passedDaysAgo: 160,
  }),
  single('Zhang Haoran', '1996-01-18', 'Male', 'Chinese', 'DP8246603', 'D0001018X', {
    eCertNumber: 'DSI-000289',
    tradeTested: 'Electrical Wiring',
    testLevel: 'Level 1',
    testResult: 'Passed',
    passedDaysAgo: 540,
  }),
  single('Lim Boon Keat', '1984-11-25', 'Male', 'Malaysian', 'DP3651928', 'D0001019Y', {
    eCertNumber: 'DSI-000347',
    tradeTested: 'Forklift Operation',
    testLevel: 'Level 1',
    testResult: 'Passed',
    passedDaysAgo: 245,
    revocationReason: 'Issued in error',
  }),
  single('Ramesh Subramaniam', '1976-03-09', 'Male', 'Indian', 'DP5903417', 'D0001020Z', {
    eCertNumber: 'DSI-000206',
    tradeTested: 'Workplace Safety',
    testLevel: 'Intermediate',
    testResult: 'Passed',
    passedDaysAgo: 1000,
  }),
  single('Nasima Akter Rupa', '1999-06-13', 'Female', 'Bangladeshi', 'DP6817254', 'D0001021A', {
    eCertNumber: 'DSI-000399',
    tradeTested: 'Food Hygiene',
    testLevel: 'Basic',
    testResult: 'Passed',
    passedDaysAgo: 70,
  }),
  single('Thandiwe Nkosi', '1992-10-22', 'Female', 'South African', 'DP2094583', 'D0001022C', {
    eCertNumber: 'DSI-000311',
    tradeTested: 'Basic First Aid',
    testLevel: 'Intermediate',
    testResult: 'Passed',
    passedDaysAgo: 390,
  }),
  single('Joseph Mwangi Otieno', '1985-04-30', 'Male', 'Kenyan', 'DP9370126', 'D0001023E', {
    eCertNumber: 'DSI-000388',
    tradeTested: 'Metal Arc Welding',
    testLevel: 'Level 1',
    testResult: 'Failed',
    passedDaysAgo: 110,
  }),
  single('Hoang Thi Mai', '1997-08-07', 'Female', 'Vietnamese', 'DP4128860', 'D0001024G', {
    eCertNumber: 'DSI-000405',
    tradeTested: 'Food Hygiene',
    testLevel: 'Advanced',
    testResult: 'Passed',
    passedDaysAgo: 40,
  }),
  single('Rizal Hakim Putra', '1993-05-04', 'Male', 'Indonesian', 'DP7542291', 'D0001025J', {
    eCertNumber: 'DSI-000359',
    tradeTested: 'Electrical Wiring',
    testLevel: 'Level 2',
    testResult: 'Passed',
    passedDaysAgo: 190,
  }),
  single('Tomasz Zielinski', '1980-12-12', 'Male', 'Polish', 'DP1865037', 'D0001026L', {
    eCertNumber: 'DSI-000268',
    tradeTested: 'Workplace Safety',
    testLevel: 'Basic',
    testResult: 'Passed',
    passedDaysAgo: 650,
    // Imported from a paper register: the record exists but no scans were kept.
    files: 'no-images',
  }),
  single('Aiko Matsuda', '1991-03-26', 'Female', 'Japanese', 'DP6395518', 'D0001027N', {
    eCertNumber: 'DSI-000233',
    tradeTested: 'Basic First Aid',
    testLevel: 'Advanced',
    testResult: 'Passed',
    passedDaysAgo: 780,
  }),
  single('Daniel Reyes Santos', '1988-11-03', 'Male', 'Filipino', 'DP3017749', 'D0001028P', {
    eCertNumber: 'DSI-000381',
    tradeTested: 'Forklift Operation',
    testLevel: 'Level 2',
    testResult: 'Passed',
    passedDaysAgo: 130,
  }),
  single('Farah Nadia Ismail', '1994-09-19', 'Female', 'Malaysian', 'DP8473302', 'D0001029R', {
    eCertNumber: 'DSI-000322',
    tradeTested: 'Workplace Safety',
    testLevel: 'Intermediate',
    testResult: 'Passed',
    passedDaysAgo: 350,
  }),
  single('Suresh Bahadur Gurung', '1986-01-07', 'Male', 'Nepalese', 'DP5284671', 'D0001030T', {
    eCertNumber: 'DSI-000409',
    tradeTested: 'Metal Arc Welding',
    testLevel: 'Level 2',
    testResult: 'Pending',
    passedDaysAgo: 12,
  }),
  single('Ana Carolina Ferreira', '1990-06-29', 'Female', 'Brazilian', 'DP2649085', 'D0001031V', {
    eCertNumber: 'DSI-000294',
    tradeTested: 'Food Hygiene',
    testLevel: 'Intermediate',
    testResult: 'Passed',
    passedDaysAgo: 505,
  }),
  single('Thin Thin Aye', '1996-02-15', 'Female', 'Myanmar', 'DP9702834', 'D0001032X', {
    eCertNumber: 'DSI-000364',
    tradeTested: 'Basic First Aid',
    testLevel: 'Basic',
    testResult: 'Passed',
    passedDaysAgo: 168,
  }),
  single('Oluwaseun Adeyemi', '1982-08-24', 'Male', 'Nigerian', 'DP1178406', 'D0001033Y', {
    eCertNumber: 'DSI-000241',
    tradeTested: 'Electrical Wiring',
    testLevel: 'Level 3',
    testResult: 'Passed',
    passedDaysAgo: 760,
  }),
];

function single(
  name: string,
  dob: string,
  gender: DemoHolder['gender'],
  nationality: string,
  passportNumber: string,
  finNumber: string,
  test: DemoTest,
): DemoHolder {
  return { name, dob, gender, nationality, passportNumber, finNumber, tests: [test] };
}

/**
 * Pairs to print on start so an operator can try verification at once. The first holder has four
 * records, so its record page shows a multi-row training table; both records are current passes.
 */
export const DEMO_PAIRS = [
  { finNumber: 'D0001001A', eCertNumber: 'DSI-000356' },
  { finNumber: 'D0001006B', eCertNumber: 'DSI-000384' },
] as const;

/** One person record, ready to render documents for and insert. */
export interface DemoPerson {
  name: string;
  dob: string;
  gender: string;
  nationality: string;
  passportNumber: string;
  finNumber: string;
  eCertNumber: string;
  tradeTested: string;
  testLevel: string;
  testResult: string;
  passedDate: string;
  files: DemoFiles;
  createdAt: Date;
  revokedAt: Date | null;
  revocationReason: string | null;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The demo people as of `now`: passed dates are whole UTC days before today; creation times are
 * spread over the past eight months (never before the passed date), in an order unrelated to the
 * list so newest-first screens look like a real registry.
 */
export function demoPeople(now: Date = new Date()): DemoPerson[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const tests = DEMO_HOLDERS.flatMap((holder) => holder.tests.map((test) => ({ holder, test })));
  return tests.map(({ holder, test }, index) => {
    const { tests: _tests, ...identity } = holder;
    const spreadDays = ((index * 17) % tests.length) * 6 + (index % 5);
    // At least one day after the pass, minus < 24 hours: the record is never created before it.
    const createdDaysAgo = Math.max(0, Math.min(spreadDays, test.passedDaysAgo - 1));
    const createdAt = new Date(now.getTime() - createdDaysAgo * DAY - ((index * 7) % 23) * HOUR);
    const revokedAt = test.revocationReason
      ? new Date(Math.min(now.getTime(), createdAt.getTime() + 9 * DAY))
      : null;
    return {
      ...identity,
      eCertNumber: test.eCertNumber,
      tradeTested: test.tradeTested,
      testLevel: test.testLevel,
      testResult: test.testResult,
      passedDate: isoDate(today - test.passedDaysAgo * DAY),
      files: test.files ?? 'all',
      createdAt,
      revokedAt,
      revocationReason: test.revocationReason ?? null,
    };
  });
}
