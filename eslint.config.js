// One linter for web, server and tests: typescript-eslint strict rules plus the hooks rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/ban-ts-comment': 'error',
    },
  },
  {
    // Issue 39: a function longer than 120 lines is split, or its line above disables this rule
    // for it with the reason (six in all, listed in docs/architecture.md).
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}', 'bench/**/*.ts'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
  {
    // Issue 40: every date and number on screen goes through src/common/useFormat.ts, in the
    // user's language and time zone; the browser's own formats (11/27/2026, 1321.2) never show.
    // A raw true/false or 1321.2 that slips past is caught by the walks (tests/e2e/walks.test.ts).
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(toFixed|toLocaleString|toLocaleDateString|toLocaleTimeString)$/]',
          message: 'Format through useFormat() (src/common/useFormat.ts): the user’s language.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-admin',
              importNames: [
                'DateField',
                'NumberField',
                'NumberInput',
                'DateInput',
                'DateTimeInput',
                'TimeInput',
              ],
              message:
                'Use WhenField, DayField, FigureField (src/common/fields.tsx), DecimalInput, DayInput or InstantInput (src/common/): they show the user’s language, not the browser’s.',
            },
          ],
        },
      ],
    },
  },
);
