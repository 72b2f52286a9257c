/** scripts/build-server.mjs: the server's bundle for `npm start` and the fault harnesses. */
export declare const ROOT: string;
/** build/server/server.mjs */
export declare const SERVER_BUNDLE: string;
/** Bundles src/server/server.ts into SERVER_BUNDLE. */
export declare function buildServer(): Promise<void>;
