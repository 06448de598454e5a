/** Where `npm run build` writes the server: what `npm start` runs. */
export declare const builtServer: string;
/** Bundles src/server/main.ts into `builtServer`. */
export declare function buildServer(): Promise<unknown>;
