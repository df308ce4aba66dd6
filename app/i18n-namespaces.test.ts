// The browser gets only the namespaces that the loaded code imports (locales/registry.ts): a
// component that names a namespace without importing its module would show raw keys after
// hydration. This walks app/ and checks every file that translates in the browser.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const namespaces = fs
	.readdirSync(path.join(root, 'locales/de'))
	.filter((file) => file.endsWith('.json'))
	.map((file) => file.slice(0, -'.json'.length))

function sourceFiles(dir: string): Array<string> {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === '+types' ? [] : sourceFiles(full)
		return /\.tsx?$/.test(entry.name) && !/\.(server|test)\.tsx?$/.test(entry.name) ? [full] : []
	})
}

/**
 * The namespaces a file translates with in the browser: the arguments of useTranslation() and
 * useFixedT(), keys written as 'namespace:key', and the `ns` prop of the form fields. Only files that
 * call one of them count ('common', the default namespace, is registered by the root for every page).
 */
function namespacesUsed(source: string) {
	if (!/\b(useTranslation|useFixedT)\s*\(/.test(source)) return []
	const used = new Set<string>()
	for (const call of source.matchAll(/(?:useTranslation|useFixedT)\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g)) {
		for (const name of call[1]!.matchAll(/['"]([A-Za-z]+)['"]/g)) used.add(name[1]!)
	}
	const keyPattern = new RegExp(`['"\`](${namespaces.join('|')}):[A-Za-z]`, 'g')
	for (const key of source.matchAll(keyPattern)) used.add(key[1]!)
	for (const prop of source.matchAll(/\bns=["']([A-Za-z]+)["']/g)) used.add(prop[1]!)
	used.delete('common')
	return [...used].sort()
}

function namespacesImported(source: string) {
	return [...source.matchAll(/import\s+['"]#locales\/ns\/([A-Za-z]+)\.ts['"]/g)].map((m) => m[1]!)
}

describe('namespaces in the browser', () => {
	test('every namespace has its registering module in locales/ns', () => {
		const modules = fs.readdirSync(path.join(root, 'locales/ns')).map((file) => file.replace(/\.ts$/, ''))
		expect(modules.sort()).toEqual([...namespaces].sort())
	})

	test('every file imports the namespaces it translates with', () => {
		const missing: Array<string> = []
		for (const file of sourceFiles(path.join(root, 'app'))) {
			const source = fs.readFileSync(file, 'utf8')
			const imported = new Set(namespacesImported(source))
			for (const namespace of namespacesUsed(source)) {
				if (!namespaces.includes(namespace)) missing.push(`${path.relative(root, file)}: unknown namespace '${namespace}'`)
				else if (!imported.has(namespace)) missing.push(`${path.relative(root, file)}: import '#locales/ns/${namespace}.ts'`)
			}
		}
		expect(missing, 'files that name a namespace without importing it').toEqual([])
	})

	test('the root registers the default namespace for every page', () => {
		expect(namespacesImported(fs.readFileSync(path.join(root, 'app/root.tsx'), 'utf8'))).toContain('common')
	})

	test('the detection sees useTranslation arguments, namespaced keys and ns props', () => {
		const source = `const { t } = useTranslation(['posts', 'common']); t('calendar:title'); t(\`catalog:x\`); <FormField ns="auth" />; 'https://x'`
		expect(namespacesUsed(source)).toEqual(['auth', 'calendar', 'catalog', 'posts'])
		expect(namespacesUsed(`const t = useFixedT('news')`)).toEqual(['news'])
		expect(namespacesUsed(`t('calendar:title')`)).toEqual([])
	})
})
