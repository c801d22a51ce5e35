// One lint config for the whole tree: type-aware rules from typescript-eslint.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import i18next from 'eslint-plugin-i18next';
import { posix, relative, sep } from 'node:path';
import { verdict } from './layers.ts';

const layerImports = layerImportsRule();

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
              'regionTestId',
              // AmountDialog's hooks: the field's and the error's data-* names.
              'field',
              'errorMark',
              // ChoiceCard's section: the card's data-* names and its radios' name.
              'section',
              'data-.*',
              'aria-(live|hidden|current|haspopup|expanded|controls|describedby|labelledby|activedescendant|autocomplete|modal|pressed|selected|invalid|busy|atomic|relevant|keyshortcuts|sort|orientation)',
            ],
          },
          // A button's data-action, named in an object (AmountDialog's buttons): a hook, never shown.
          'object-properties': { exclude: ['[A-Z_-]+', 'action'] },
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
  // A till's browser never offers typed history or autofill in a field (a scan's Enter could accept a
  // suggestion): every <input> and <textarea> a component writes says its autoComplete ('off', or
  // 'new-password' where a secret is chosen). test/e2e/a11y.test.ts checks what the screens render.
  {
    files: ['renderer/**/*.tsx'],
    ignores: ['renderer/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name=/^(input|textarea)$/]:not(:has(JSXAttribute[name.name='autoComplete']))",
          message:
            'A field says autoComplete="off" (or "new-password" for a secret chosen): no typed history on a till.',
        },
      ],
    },
  },
  // Layers: layers.ts says which module may import which, and through which file. This rule checks each
  // import as it is written; test/architecture.test.ts counts them for the whole tree and refuses cycles.
  {
    files: ['{common,contract,db,main,renderer,sim,test}/**/*.{ts,tsx}'],
    plugins: { layers: { rules: { imports: layerImports } } },
    rules: { 'layers/imports': 'error' },
  },
);

/**
 * `layers/imports`: an import `verdict` refuses is reported with the table's reason.
 * @returns {import('eslint').Rule.RuleModule}
 */
function layerImportsRule() {
  return {
    meta: { type: 'problem', schema: [] },
    create(context) {
      const file = relative(import.meta.dirname, context.filename)
        .split(sep)
        .join('/');
      if (file.startsWith('..')) return {};
      /** @param {import('estree').ImportDeclaration | import('estree').ExportNamedDeclaration | import('estree').ExportAllDeclaration | import('estree').ImportExpression} node */
      const check = (node) => {
        const spec = node.source?.value;
        if (typeof spec !== 'string') return;
        const target = spec.startsWith('.') ? posix.join(posix.dirname(file), spec) : spec;
        const why = verdict(file, target);
        if (why !== undefined) context.report({ node: node.source, message: why });
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}
