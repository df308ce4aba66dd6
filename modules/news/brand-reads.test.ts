import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// Brands owns its table (ARCHITECTURE.md, "a module owns its tables"): news reads a user's brands
// through brandDirectory (modules/brands/index.ts), never by naming the table in its own SQL.

test('no news statement reads the brands table itself', () => {
	const folder = import.meta.dirname
	const sources = fs.readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
	const reading = sources.filter((name) => /\b(from|join)\s+brands\b/i.test(fs.readFileSync(path.join(folder, name), 'utf8')))
	expect(reading).toEqual([])
})
