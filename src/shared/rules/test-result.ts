/** The results a record may hold; only a pass makes an e-Cert (course-validity.ts). */
export const testResults = ['Passed', 'Failed', 'Pending', 'Absent'] as const;
export type TestResult = (typeof testResults)[number];

/**
 * The spellings input may use for each result, lower-cased. drizzle/0027 maps stored text by
 * this same table (test-result-migration.test.ts holds the two together).
 */
const testResultSpellings: Record<TestResult, readonly string[]> = {
  Passed: ['passed', 'pass', 'p'],
  Failed: ['failed', 'fail', 'f'],
  Pending: ['pending'],
  Absent: ['absent', 'abs'],
};

const resultBySpelling = new Map(
  Object.entries(testResultSpellings).flatMap(([result, spellings]) =>
    spellings.map((spelling) => [spelling, result as TestResult]),
  ),
);

/** The result a text names ("PASS", " fail "), or undefined when it names none of them. */
export const readTestResult = (text: string): TestResult | undefined =>
  resultBySpelling.get(text.trim().toLowerCase());

/**
 * "Passed" in any letter case (surrounding spaces ignored) counts as a pass: the same test as the
 * database's result_passed column, so an old value a migration could not read is judged alike.
 */
export const isPassed = (testResult: string) => testResult.trim().toLowerCase() === 'passed';
