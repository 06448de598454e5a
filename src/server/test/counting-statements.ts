import type { Database } from '../db/database.ts';

/**
 * The database's `prepareText`, counting how many times its statements run. Statements get a name
 * of their own here: the app on the same database may already have prepared one by the same name.
 */
export function countingStatements(database: Database) {
  let executions = 0;
  return {
    prepareText: (name: string, text: string) => {
      const run = database.prepareText(`${name}_counted`, text);
      return (values: (string | null)[]) => {
        executions += 1;
        return run(values);
      };
    },
    executions: () => executions,
  };
}
