// Types for the plain-JavaScript fake clock (it is preloaded before any TypeScript loader exists).
export declare const fakeClockOffsetMs: number;
export declare function fakeClockScript(offsetMs: number): string;
