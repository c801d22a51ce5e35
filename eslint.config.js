// One lint config for the whole tree: type-aware rules from typescript-eslint.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import i18next from 'eslint-plugin-i18next';

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
  // Every word a component shows comes from the catalogues (renderer/i18n): a literal in JSX text or
  // in a shown attribute (aria-label, title, placeholder, alt) fails lint. Key names (F9, Esc,
  // Ctrl+Z), symbols and codes are not words and pass.
  {
    files: ['renderer/**/*.tsx'],
    ignores: ['renderer/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            exclude: [
              'className',
              'style',
              'type',
              'key',
              'id',
              'htmlFor',
              'role',
              'name',
              'value',
              'lang',
              'href',
              'inputMode',
              'autoComplete',
              'pattern',
              'step',
              'min',
              'max',
              'kind',
              'titleId',
              'testId',
              'data-.*',
              'aria-(live|hidden|current|haspopup|expanded|controls|describedby|labelledby|activedescendant|autocomplete|modal|pressed|selected|invalid|busy|atomic|relevant|keyshortcuts|sort|orientation)',
            ],
          },
          words: {
            exclude: [
              '[0-9!-/:-@[-`{-~\\s·×–—…→←↑↓]+',
              '[A-Z_-]+',
              '(F\\d{1,2}|Esc|Enter|Tab|Space|Home|End|PgUp|PgDn|Ctrl\\+\\w|Shift\\+\\w|Del|Backspace)([ /+,·–-]+(F\\d{1,2}|Esc|Enter|Tab|Space|Home|End|Del|\\w))*',
            ],
          },
        },
      ],
    },
  },
  // Layers (DESIGN.md): each folder imports only what lies below it. Lint proves it, so it is not
  // left to memory: db/ is the bottom (SQLite and the shapes it stores); the service client never
  // sees the sim (nor the sim the client); the renderer reaches the core only through the contract.
  layer(
    ['db/**/*.ts'],
    /^(\.\.\/)+(main|renderer|sim|test)\//,
    'db/ is the bottom layer: it imports nothing above it',
  ),
  layer(
    ['main/service/**/*.ts'],
    /^(\.\.\/)+sim\//,
    'the service client talks to any instance: it never imports the sim',
  ),
  layer(
    ['sim/**/*.ts'],
    /^(\.\.\/)+(main|renderer|contract|db)\//,
    'the sim is another instance: it imports nothing of Counter',
  ),
  layer(
    ['renderer/**/*.{ts,tsx}'],
    /^(\.\.\/)+(main|db|sim)\//,
    'the renderer reaches the core through the contract only',
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
