import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const SERVICES_DIR = path.join(import.meta.dirname, 'apps/server/src/services');
const underServices = (file) => {
  const rel = path.relative(SERVICES_DIR, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep);
};

/**
 * owo/service-boundaries: a service uses another only through that service's index.ts, and never
 * through another service's Drizzle tables, even when its index exports them (for the schema, the
 * seed and tests): it calls the owning service's functions instead. Paths are resolved against the
 * importing file, so files at any depth (providers/...) are checked alike. The table check uses the
 * type checker (a value whose type has `$inferSelect`); tests may read any table to arrange and
 * inspect state, and `allowTables` names the imports a file is let off for a while.
 */
const serviceBoundaries = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { allowTables: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      notIndex: "A service uses another only through that service's index.ts ({{target}} is inside the {{service}} service).",
      root: 'services/index.ts builds the app out of the services; a service does not import it.',
      table: "`{{name}}` is the {{service}} service's table: read its data through the functions its index.ts exports, not its tables.",
    },
  },
  create(context) {
    const file = context.filename;
    const from = underServices(file);
    if (!from || from.length < 2) return {};
    const own = from[0];
    const isTest = file.endsWith('.test.ts');
    const allowed = new Set(context.options[0]?.allowTables ?? []);
    const ts = context.sourceCode.parserServices;
    const checker = ts?.program?.getTypeChecker();
    const isTable = (node) => {
      if (!checker) return false;
      const type = checker.getTypeAtLocation(ts.esTreeNodeToTSNodeMap.get(node));
      return Boolean(type.getProperty('$inferSelect') && type.getProperty('$inferInsert'));
    };
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = underServices(path.resolve(path.dirname(file), spec));
      if (!to) return;
      if (to.length === 1) return context.report({ node: node.source, messageId: 'root' });
      const [service, ...rest] = to;
      if (service === own) return;
      if (rest.join('/') !== 'index.js')
        return context.report({ node: node.source, messageId: 'notIndex', data: { target: spec, service } });
      if (isTest || node.type !== 'ImportDeclaration' || node.importKind === 'type') return;
      for (const s of node.specifiers) {
        if (s.type === 'ImportSpecifier' && s.importKind === 'type') continue;
        const name = s.type === 'ImportSpecifier' ? (s.imported.name ?? s.imported.value) : s.local.name;
        if (!allowed.has(name) && isTable(s.local)) context.report({ node: s, messageId: 'table', data: { name, service } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
const owo = { rules: { 'service-boundaries': serviceBoundaries } };

/** The web app's toasts go through lib/toast.ts, which loads sonner after the first screen. */
const SONNER_TOAST = {
  name: 'sonner',
  importNames: ['toast'],
  message:
    "Import toast from lib/toast (it loads sonner after the first screen); sonner's toast in the entry's code would load it with the first screen.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'e2e/artifacts/**',
      '**/dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // \`import { type A } from 'x'\` keeps \`import 'x'\` in the output: a page importing only a type
      // from the contracts would load every contract's schemas (and zod) at run time.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Prettier (run by `npm run lint`, `npm run format` to apply) wraps code at 140 columns; a
    // comment it cannot wrap is held to the same width here.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'max-len': ['error', { code: 140, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
    },
  },
  {
    // Background work goes through the platform's job runner (platform/jobs.ts): no loop of its own.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/platform/jobs.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'setInterval',
          message: 'Declare a job with app.jobs.add (platform/jobs.ts): its period from settings, claimed, measured.',
        },
      ],
    },
  },
  {
    // Layers point one way: platform/ holds no business rules and imports no service nor the ledger.
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(services|ledger|db)(/|$)',
              message:
                "platform/ imports no service, not the ledger and not db/ (every service's tables): it declares what it needs and is given it (PlatformProviders, ServiceModule.init).",
            },
          ],
        },
      ],
    },
  },
  {
    // A service uses another only through that service's index.ts, and never another service's tables.
    files: ['apps/server/src/services/**/*.ts'],
    plugins: { owo },
    rules: { 'owo/service-boundaries': 'error' },
  },
  {
    // The rules of hooks in the web app and the operator console (called unconditionally, complete effect dependencies).
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/console/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // A feature uses another only through its entry point (features/<name>/index.ts); what several
    // features share lives in ui/ (components) and lib/ (logic), which import no feature.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [SONNER_TOAST],
          patterns: [
            {
              regex: '^(\\.\\./|(\\.\\./)+features/)[a-z-]+/(?!index(\\.js)?$)',
              message: 'Import another feature through its index.ts; move what features share to ui/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/{ui,lib,api}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [SONNER_TOAST], patterns: [{ regex: '(^|/)features/', message: 'ui/, lib/ and api/ import no feature.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [SONNER_TOAST] }] },
  },
  {
    // The operator console shares the customer app's primitives (ui/, and lib/cn and lib/transactions'
    // labels) and nothing else of it: no feature, no client, no session (docs/console.md).
    files: ['apps/console/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@web/(?!ui/|lib/cn$|lib/transactions$)',
              message: 'The console shares only the customer app’s ui/ primitives, lib/cn and lib/transactions (labels).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
