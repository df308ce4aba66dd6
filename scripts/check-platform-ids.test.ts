import { platformModules } from '#adapters/platforms/index.ts'
import path from 'node:path'
import { expect, test } from 'vitest'
import { ALLOWLIST, checkPlatformIds, findIds, isExcepted, ownPlatform, platformIds } from './check-platform-ids.ts'

const root = path.resolve(import.meta.dirname, '..')
const ids = ['linkedin', 'threads', 'mastodon']

function found(file: string, source: string) {
	return findIds(file, source, ids).map((f) => `${f.line}:${f.id}`)
}

test('the registered ids are read from the platform folders\' descriptors', () => {
	expect(platformIds(root).sort()).toEqual(platformModules.map((m) => m.platform).sort())
})

test('strings, template text, identifiers and JSX text name a platform; comments and other words do not', () => {
	const source = [
		`const a = 'linkedin'`,
		`const b = { threads: 500 }`,
		'const c = `${base}/mastodon/api`',
		'const d = `${a ? `x${1}` : "y"}/linkedin`',
		`// linkedin in a comment, /* threads */ too`,
		`const e = 'worker threads pool'`,
		`const f = 'linkedinish threadsafe'`,
		`const g = <Text>mastodon</Text>`,
		`if (x.platform === "threads") go()`,
	].join('\n')
	expect(found('app/x.tsx', source)).toEqual(['1:linkedin', '2:threads', '3:mastodon', '4:linkedin', '6:threads', '8:mastodon', '9:threads'])
})

test('CSS names a platform anywhere but in comments', () => {
	expect(found('app/x.css', `/* linkedin */\n.mark[data-platform='threads'] { color: red }`)).toEqual(['2:threads'])
})

test('tests, locales, migrations and seeds are excepted; a platform folder may name only itself', () => {
	for (const file of ['modules/content/content.test.ts', 'tests/e2e/creator.spec.ts', 'locales/de/posts.json', 'migrations/2026-11-22-0002-domain.ts', 'scripts/seed-bulk.ts']) {
		expect([file, isExcepted(file)]).toEqual([file, true])
	}
	for (const file of ['modules/content/schema.ts', 'app/root.tsx', 'server/platforms.ts', 'adapters/platforms/sandbox/store.ts']) {
		expect([file, isExcepted(file)]).toEqual([file, false])
	}
	expect(ownPlatform('adapters/platforms/linkedin/escape.ts', ids)).toBe('linkedin')
	expect(ownPlatform('adapters/platforms/sandbox/store.ts', ids)).toBeNull()
})

test('the repository passes: no platform named outside its folder except the allowlisted files, and every allowlisted file still needs it', () => {
	const { findings, converted } = checkPlatformIds(root)
	expect(findings).toEqual([])
	expect(converted).toEqual([])
	// Every file reads the registry (issue 18 emptied the list); it stays empty.
	expect(ALLOWLIST).toEqual([])
})
