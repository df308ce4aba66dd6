// The AI registry: every folder adapters/ai/<name> is listed once under its own name, and no code
// outside a provider's folder names it (seeds of the catalogue, tests and locales may).
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { createAiProviders } from '#modules/ai/index.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { aiProviderModules } from './index.ts'

const root = path.resolve(import.meta.dirname, '../..')
const folders = fs.readdirSync(import.meta.dirname, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)

test('every provider folder is in the registry once, under its folder name; one is the offline default', () => {
	expect(aiProviderModules.map((m) => m.name).sort()).toEqual(folders.sort())
	expect(aiProviderModules.filter((m) => m.offline)).toHaveLength(1)
})

test('without keys every provider is the offline one; with a key its own', () => {
	const base = { APP_ENV: 'test', APP_SECRET: 'x'.repeat(32) }
	const offline = createAiProviders(aiProviderModules, readEnv(base))
	for (const m of aiProviderModules) expect(offline.forProvider(m.name)).toBe(offline.offline)
	const keyed = createAiProviders(aiProviderModules, readEnv({ ...base, OPENAI_API_KEY: 'sk-test', REPLICATE_API_TOKEN: 'r8-test' }))
	for (const m of aiProviderModules) expect(keyed.forProvider(m.name).name).toBe(m.name)
})

/** Source files that may name a provider: its own folder, the registry list, tests, and the catalogue's seed data. */
const mayName = (file: string, name: string) =>
	file.startsWith(`adapters/ai/${name}/`) || file === 'adapters/ai/index.ts' || /\.test\.tsx?$/.test(file) || file === 'modules/catalog/model-catalogue.ts'

test('no code outside its folder names a provider', () => {
	const found: Array<string> = []
	for (const folder of ['app', 'modules', 'adapters', 'server', 'scripts']) {
		for (const entry of fs.readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
			if (!entry.isFile() || !/\.(ts|tsx)$/.test(entry.name)) continue
			const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
			const source = fs.readFileSync(path.join(root, file), 'utf8')
			for (const { name } of aiProviderModules) {
				if (!mayName(file, name) && new RegExp(`['"\`]${name}['"\`]`).test(source)) found.push(`${file}: '${name}'`)
			}
		}
	}
	expect(found).toEqual([])
})
