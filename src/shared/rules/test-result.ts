/** "Passed" in any letter case (surrounding spaces ignored) counts as a pass (SPEC §9). */
export const isPassed = (testResult: string) => testResult.trim().toLowerCase() === 'passed';
