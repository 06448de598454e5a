/** Where `npm run build` writes the server: what `npm start` runs. */
export declare const builtServer: string;
/** Where it writes the operator command `name` of src/server/cli, e.g. `create-user`. */
export declare function builtCommand(name: string): string;
/** Bundles the server and the operator commands into `root`/dist/server (root: the working folder). */
export declare function buildServer(root?: string): Promise<void>;
