/** "Passed" in any letter case (surrounding spaces ignored) counts as a pass. */
export const isPassed = (testResult: string) => testResult.trim().toLowerCase() === 'passed';
