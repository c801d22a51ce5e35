// One lint config for the whole tree: type-aware rules from typescript-eslint.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'release/**', 'test-results/**', '.tmp/**', 'eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  // Layers (DESIGN.md): each folder imports only what lies below it. Lint proves it, so it is not
  // left to memory: db/ is the bottom (SQLite and the shapes it stores); the service client never
  // sees the sim (nor the sim the client); the renderer reaches the core only through preload's
  // contract and channel names.
  layer(
    ['db/**/*.ts'],
    /^(\.\.\/)+(main|renderer|preload|sim|test)\//,
    'db/ is the bottom layer: it imports nothing above it',
  ),
  layer(
    ['main/service/**/*.ts'],
    /^(\.\.\/)+sim\//,
    'the service client talks to any instance: it never imports the sim',
  ),
  layer(
    ['sim/**/*.ts'],
    /^(\.\.\/)+(main|renderer|preload|db)\//,
    'the sim is another instance: it imports nothing of Counter',
  ),
  layer(
    ['renderer/**/*.{ts,tsx}'],
    /^(\.\.\/)+(main|db|sim)\/|^(\.\.\/)+preload\/(?!contract\.ts$|channels\.ts$)/,
    "the renderer reaches the core through preload's contract and channels only",
    ['renderer/**/*.test.{ts,tsx}'],
  ),
);

/** A no-restricted-imports rule for `files`: imports matching `pattern` are refused with `message`. */
function layer(files, pattern, message, ignores = []) {
  return {
    files,
    ignores,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: pattern.source, message }] }] },
  };
}
