import { expect, test } from 'vitest'
import { checkSource, readAliases } from './check-boundaries.ts'

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
