// Flat config: typescript-eslint's recommended rules (not type-checked, for speed; `tsc` in
// `npm run typecheck` covers types) and the React hooks rules for the web layer.
// Import direction rules live in scripts/check-boundaries.ts (run after eslint by `npm run lint`).
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The roots load every module of date-fns (and every locale); on the server Node then parses date-fns'
// 199 KB package.json once per module it resolves: ~4 s of every server start (issue 22, sixth session).
const dateFnsRoots = [
	{ name: 'date-fns', message: 'Import each function from its own path (date-fns/format).' },
	{ name: 'date-fns/locale', message: 'Import the one locale (date-fns/locale/de).' },
]

// graphile-worker's tables (`_private_jobs`, ...) and its internal notification (`jobs:insert`) are not
// its API: a patch release may change them (ADR 0035). WorkerUtils, its events, its documented SQL
// functions (add_job, add_jobs, reschedule_jobs, ...) or our own records instead.
const graphileInternals = 'graphile-worker internals are not its API (ADR 0035): use WorkerUtils, its events, its documented SQL functions (add_job, reschedule_jobs, ...) or our own records (deliveries).'
const graphileInternalsRule = [
	'error',
	{ selector: 'Literal[value=/_private_|jobs:insert/]', message: graphileInternals },
	{ selector: 'TemplateElement[value.raw=/_private_|jobs:insert/]', message: graphileInternals },
]

// A clientLoader that runs on hydration keeps React Router uninitialized until it ends, and meanwhile the
// router answers the reload after a submission without asking the server: the page showed the error page
// after a click on 'Jetzt posten' before Meine Posts' cards came (issue 37). Load in an effect instead.
const hydrationLoaderRule = {
	selector: "AssignmentExpression[left.object.name='clientLoader'][left.property.name='hydrate']",
	message: 'No clientLoader on hydration: a submission before it ends breaks the reload after it. Load the data in an effect (app/components/posts/use-rest-of-cards.ts).',
}

export default defineConfig([
	globalIgnores([
		'build/',
		'.react-router/',
		'node_modules/',
		'.data/',
		'test-results/',
		'playwright-report/',
		'modules/core/db-types.ts',
	]),
	js.configs.recommended,
	tseslint.configs.recommended,
	{
		languageOptions: {
			ecmaVersion: 'latest',
			sourceType: 'module',
			globals: { ...globals.node },
		},
		linterOptions: { reportUnusedDisableDirectives: 'error' },
		rules: {
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
			],
		},
	},
	{
		files: ['app/**/*.{ts,tsx}'],
		extends: [reactHooks.configs.flat.recommended],
		languageOptions: { globals: { ...globals.browser } },
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: [
						{
							name: '@radix-ui/themes',
							importNames: ['Tooltip'],
							message: 'Use #app/components/tooltip/tooltip.tsx: it loads the tooltip code on first hover or focus and brings the provider the root theme lacks.',
						},
						...dateFnsRoots,
					],
				},
			],
		},
	},
	{
		files: ['modules/**/*.ts', 'server/**/*.ts', 'adapters/**/*.ts', 'scripts/**/*.ts'],
		rules: { 'no-restricted-imports': ['error', { paths: dateFnsRoots }] },
	},
	{
		files: ['app/**/*.{ts,tsx}', 'modules/**/*.ts', 'server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts'],
		rules: { 'no-restricted-syntax': graphileInternalsRule },
	},
	{
		files: ['app/**/*.{ts,tsx}'],
		rules: { 'no-restricted-syntax': [...graphileInternalsRule, hydrationLoaderRule] },
	},
	{
		files: ['app/components/tooltip/tooltip-popup.tsx'],
		rules: { 'no-restricted-imports': 'off' },
	},
	{
		// Kysely migrations are written against Kysely<any>: they must not depend on today's schema types.
		files: ['migrations/**/*.ts'],
		rules: { '@typescript-eslint/no-explicit-any': 'off' },
	},
])
