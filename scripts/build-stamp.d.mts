/** Types of build-stamp.mjs, for the test setup that imports it. */
export declare const STAMP: string;
export declare function sourceHash(): string;
export declare function staleReason(): string | undefined;
