import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Projects whose files each run for half a minute or more: fault drills and the dev loop. */
const LONG_PROJECTS = ['faults', 'dev'];

/**
 * Vitest runs projects in name order, which left the fault drills (20–45 s a file, each starting
 * server processes) for the end of the run, one of them alone on a worker while the other had
 * nothing left to run. Started first, the short files fill in around them.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONG_PROJECTS.indexOf(file.project.name);
      return at === -1 ? LONG_PROJECTS.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
