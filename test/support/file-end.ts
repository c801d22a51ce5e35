// What is undone at the end of a test file, after every afterAll hook of its own: test/support/setup-file.ts
// runs it. Kept apart from the setup file, which calls vitest's afterAll, so that the benchmarks can import
// the fixtures outside vitest.

const undo: (() => void)[] = [];

/** Runs `fn` at the end of the current test file, after the file's own afterAll hooks. */
export function atFileEnd(fn: () => void): void {
  undo.push(fn);
}

/** Runs and forgets what atFileEnd was given, last given first. */
export function endFile(): void {
  for (const fn of undo.splice(0).reverse()) fn();
}
