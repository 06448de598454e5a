import { type ListCheckResult, outcomeLabels } from '#shared/api/verifiers.ts';

/**
 * The result table as a CSV file for the verifier's own records. Cells that a spreadsheet would
 * run as a formula are escaped: a holder's name is text someone else typed.
 */
export async function resultsCsv(result: ListCheckResult): Promise<Blob> {
  const { stringify } = await import('csv-stringify/browser/esm/sync');
  const text = stringify(
    result.rows.map((row) => [
      row.row,
      row.finNumber,
      row.eCertNumber,
      outcomeLabels[row.outcome],
      row.name ?? '',
      row.course ?? '',
      row.passedDate ?? '',
      row.expiresOn ?? '',
      row.note ?? '',
    ]),
    {
      header: true,
      columns: ['Row', 'FIN', 'Serial', 'Result', 'Name', 'Course', 'Passed', 'Valid until', 'Note'],
      escape_formulas: true,
    },
  );
  return new Blob([`\ufeff${text}`], { type: 'text/csv;charset=utf-8' });
}
