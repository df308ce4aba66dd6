import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { platformModules } from '#adapters/platforms/index.ts'
import { formatsTable } from '#modules/publishing/formats-table.ts'

test("the README's formats table is the descriptors' (npm run formats:table prints it)", () => {
	const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
	expect(readme).toContain(formatsTable(platformModules.map((m) => m.descriptor)))
})
