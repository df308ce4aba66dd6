import { expect, test } from 'vitest'
import { checkModuleEntries, checkSource, findUseCases, findModuleCycles, formatCycle, moduleGraph, readAliases } from './check-boundaries.ts'

const aliases = readAliases({
	imports: { '#app/*': './app/*', '#modules/*': './modules/*', '#adapters/*': './adapters/*', '#server/*': './server/*' },
})

function check(file: string, source: string) {
	return checkSource(file, source, aliases).map((v) => `${v.line}:${v.specifier}`)
}

test('app/ may not run SQL, but may import its types', () => {
	const source = [
		`import { sql } from 'kysely'`,
		`import type { Kysely } from 'kysely'`,
		`import pg from 'pg'`,
		`import { createDb } from '#modules/core/db.server.ts'`,
		`import type { DB } from '#modules/core/db-types.ts'`,
		`import { type DB as Also } from '#modules/core/db-types.ts'`,
		`import { helpers } from 'kysely/helpers/postgres'`,
		`import { accounts } from '#modules/accounts/index.ts'`,
	].join('\n')
	expect(check('app/routes/auth.tsx', source)).toEqual([
		'1:kysely',
		'3:pg',
		'4:#modules/core/db.server.ts',
		// `import { type X }` still loads the module at runtime: only `import type` is exempt.
		'6:#modules/core/db-types.ts',
		'7:kysely/helpers/postgres',
	])
})

test('app/ may not import adapters, by alias, relative path, re-export or dynamic import', () => {
	const source = [
		`import { smtp } from '#adapters/mail/smtp/index.ts'`,
		`import type { Mailer } from '../../../adapters/mail/smtp/index.ts'`,
		`export { x } from '../../../adapters/x.ts'`,
		`import { own } from '../../adapters-of-app.ts'`,
		`const lazy = await import('#adapters/ai/local/index.ts')`,
		`const fine = await import('#modules/content/index.ts')`,
	].join('\n')
	expect(check('app/routes/admin/users.tsx', source)).toEqual([
		'1:#adapters/mail/smtp/index.ts',
		'2:../../../adapters/mail/smtp/index.ts',
		'3:../../../adapters/x.ts',
		'5:#adapters/ai/local/index.ts',
	])
})

test('modules/ may not import app/, adapters/ or server/', () => {
	const source = [
		`import { servicesContext } from '#app/context.ts'`,
		`import type { Env } from '#server/index.ts'`,
		`import { smtp } from '../../adapters/mail/smtp/index.ts'`,
		`import { sql } from 'kysely'`,
		`import { enqueue } from '#modules/core/jobs.server.ts'`,
		`import { credits } from '../credits/index.ts'`,
	].join('\n')
	expect(check('modules/content/posts.server.ts', source)).toEqual([
		'1:#app/context.ts',
		'2:#server/index.ts',
		'3:../../adapters/mail/smtp/index.ts',
	])
})

test('modules/core may not import another module', () => {
	const source = [
		`import type { Services } from '#modules/services.ts'`,
		`import { accounts } from '../accounts/index.ts'`,
		`import { createPool } from './db.server.ts'`,
		`import { randomToken } from '#modules/core/crypto.server.ts'`,
		`type T = typeof import('#modules/credits/index.ts')`,
	].join('\n')
	expect(check('modules/core/jobs.server.ts', source)).toEqual([
		'1:#modules/services.ts',
		'2:../accounts/index.ts',
		'5:#modules/credits/index.ts',
	])
})

test('adapters/ may not import app/ or server/', () => {
	const source = [
		`import type { PlatformAdapter } from '#modules/publishing/ports.ts'`,
		`import { safeFetch } from '#modules/core/crypto.server.ts'`,
		`import { t } from '#app/utils/i18n.ts'`,
		`import { compose } from '../../../server/compose.ts'`,
	].join('\n')
	expect(check('adapters/platforms/linkedin/index.ts', source)).toEqual(['3:#app/utils/i18n.ts', '4:../../../server/compose.ts'])
})

test('comments and strings that look like imports are not imports', () => {
	const source = [`// import { sql } from 'kysely'`, `const text = "import pg from 'pg'"`, `/* import('#adapters/x.ts') */`].join('\n')
	expect(check('app/routes/home.tsx', source)).toEqual([])
})

test('JSX files parse', () => {
	const source = [`import { sql } from 'kysely'`, `export function Page() {`, `\treturn <div>{String(sql)}</div>`, `}`].join('\n')
	expect(check('app/routes/home.tsx', source)).toEqual(['1:kysely'])
})

const source = (...lines: Array<string>) => lines.join('\n')

test('an import cycle between modules is found with the imports that form it, type imports included', () => {
	const files = [
		{ file: 'modules/admin/overview.server.ts', source: source(`import { sales } from '#modules/billing/index.ts'`) },
		{ file: 'modules/billing/discounts.server.ts', source: source(`import { x } from './money.ts'`, `import { recordAdminAction } from '#modules/admin/index.ts'`) },
		{ file: 'modules/billing/service.server.ts', source: source(`import type { AdminActor } from '../admin/index.ts'`) },
		{ file: 'modules/credits/ledger.server.ts', source: source(`import { db } from '#modules/core/db.server.ts'`) },
		{ file: 'modules/admin/users.server.ts', source: source(`import { debit } from '#modules/credits/index.ts'`) },
	]
	const cycles = findModuleCycles(moduleGraph(files, aliases))
	expect(cycles).toEqual([
		{
			modules: ['admin', 'billing'],
			steps: [
				{ from: 'admin', to: 'billing', imports: [{ file: 'modules/admin/overview.server.ts', line: 1, specifier: '#modules/billing/index.ts' }] },
				{
					from: 'billing',
					to: 'admin',
					imports: [
						{ file: 'modules/billing/discounts.server.ts', line: 2, specifier: '#modules/admin/index.ts' },
						{ file: 'modules/billing/service.server.ts', line: 1, specifier: '../admin/index.ts' },
					],
				},
			],
		},
	])
	expect(formatCycle(cycles[0]!)).toContain('import cycle between modules: admin -> billing -> admin')
	expect(formatCycle(cycles[0]!)).toContain(`modules/billing/service.server.ts:1: import '../admin/index.ts'`)
})

test('each edge of a tangle is shown in its shortest cycle, each cycle once; tests, app/ and files directly in modules/ are no part of the graph', () => {
	const files = [
		{ file: 'modules/agents/index.ts', source: source(`import { modelsById } from '#modules/catalog/index.ts'`, `import type { WebReader } from '#modules/generation/index.ts'`) },
		{ file: 'modules/catalog/model-test.server.ts', source: source(`import { findPersona } from '#modules/agents/index.ts'`, `import { textPrompts } from '#modules/generation/index.ts'`) },
		{ file: 'modules/generation/generate.server.ts', source: source(`import { findPersona } from '#modules/agents/index.ts'`, `import { modelsById } from '#modules/catalog/index.ts'`) },
		{ file: 'modules/content/content.test.ts', source: source(`import { publishing } from '#modules/publishing/index.ts'`) },
		{ file: 'modules/publishing/publisher.server.ts', source: source(`import { content } from '#modules/content/index.ts'`) },
		{ file: 'modules/services.ts', source: source(`import type { A } from './agents/index.ts'`) },
		{ file: 'app/routes/x.tsx', source: source(`import { a } from '#modules/agents/index.ts'`) },
	]
	const cycles = findModuleCycles(moduleGraph(files, aliases)).map((c) => c.modules.join(' -> '))
	expect(cycles).toEqual(['agents -> catalog', 'agents -> generation', 'catalog -> generation'])
	const ring = [
		{ file: 'modules/agents/index.ts', source: source(`import { modelsById } from '#modules/catalog/index.ts'`) },
		{ file: 'modules/catalog/model-test.server.ts', source: source(`import { textPrompts } from '#modules/generation/index.ts'`) },
		{ file: 'modules/generation/generate.server.ts', source: source(`import { findPersona } from '#modules/agents/index.ts'`) },
	]
	expect(findModuleCycles(moduleGraph(ring, aliases)).map((c) => c.modules.join(' -> '))).toEqual(['agents -> catalog -> generation'])
})

test('no cycle: modules that depend one way', () => {
	const files = [
		{ file: 'modules/generation/index.ts', source: source(`import { x } from '#modules/ai/index.ts'`, `import { y } from '#modules/media/index.ts'`) },
		{ file: 'modules/ai/ports.ts', source: source(`import type { MediaKind } from '#modules/media/index.ts'`) },
		{ file: 'modules/media/index.ts', source: source(`import { z } from '#modules/core/files.server.ts'`) },
	]
	expect(findModuleCycles(moduleGraph(files, aliases))).toEqual([])
})

test('another module only through its index.ts or a re-exported file that is not *.server.ts; core file by file', () => {
	const files = [
		{
			file: 'modules/catalog/index.ts',
			source: source(`export { modelsById } from './lookup.server.ts'`, `export { AiModelFormSchema } from './admin-models-schema.ts'`, `export * from './costs.ts'`, `import { x } from './gallery.ts'`),
		},
		{
			file: 'modules/agents/index.ts',
			source: source(
				`import { modelsById } from '#modules/catalog/lookup.server.ts'`,
				`import { AiModelFormSchema } from '#modules/catalog/admin-models-schema.ts'`,
				`import type { GallerySort } from '../catalog/costs.ts'`,
				`import { x } from '#modules/catalog/gallery.ts'`,
				`import { y } from '#modules/catalog/index.ts'`,
				`import { db } from '#modules/core/db.server.ts'`,
				`import { own } from './persona.server.ts'`,
			),
		},
		{ file: 'modules/agents/agents.test.ts', source: source(`import { x } from '#modules/catalog/gallery.ts'`) },
		{ file: 'app/routes/x.tsx', source: source(`import { x } from '#modules/catalog/gallery.ts'`) },
	]
	expect(checkModuleEntries(files, aliases).map((v) => `${v.file}:${v.line}:${v.specifier}`)).toEqual([
		'modules/agents/index.ts:1:#modules/catalog/lookup.server.ts',
		'modules/agents/index.ts:4:#modules/catalog/gallery.ts',
	])
})

test('app/ defines no use case: no exported submit*/plan*/import*/preview*/fill* in app/server and app/routes, no function taking Pick<Services, ...> anywhere in app/', () => {
	const source = [
		`import type { Services } from '#modules/services.ts'`,
		`export async function submitPost(services: Pick<Services, 'content'>, request: unknown) {}`,
		`export const importRows = async (services: Services) => {}`,
		`export async function previewRows() {}`,
		`export function planLabel() {}`,
		`async function fillSlots() {}`,
		`export const createPostTool = (call: unknown) => call`,
		`export async function loader({ context }: { context: unknown }) {}`,
	].join('\n')
	const found = (file: string) => findUseCases(file, source).map((v) => `${v.line}:${v.specifier}`)
	expect(found('app/server/api/posts.server.ts')).toEqual(['2:submitPost', "2:Pick<Services, 'content'>", '3:importRows', '4:previewRows', '5:planLabel'])
	expect(found('app/routes/posts.csv-import.ts')).toHaveLength(5)
	// Elsewhere in app/ a verb may name a plain helper (planLabelKey), but no function orchestrates module services.
	expect(found('app/utils/greeting.ts')).toEqual(["2:Pick<Services, 'content'>"])
	// Modules own the use cases; tests may name anything.
	expect(found('modules/posting/plan-post.server.ts')).toEqual([])
	expect(found('app/server/api/posts.server.test.ts')).toEqual([])
	expect(check('app/server/csv-import.server.ts', source)).toContain('3:importRows')
})
