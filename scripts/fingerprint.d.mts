/** Everything that goes into a build: when its hash changes, `npm start` rebuilds. */
export declare const BUILD_INPUTS: string[];
/** The hash of the build's inputs under `root`, as dist/.build-stamp records it. */
export declare function sourceFingerprint(root: string): string;
