// app/styles/radix.css loads only some of Radix Themes' colour scales: a colour named in app/
// without its scale there would draw nothing (its CSS variables would be undefined).
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const app = path.resolve(import.meta.dirname, '..')
const scales = fs.readdirSync(path.join(app, '../node_modules/@radix-ui/themes/tokens/colors')).map((file) => file.replace(/\.css$/, ''))

function files(dir: string): Array<string> {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === '+types' ? [] : files(full)
		return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && entry.name !== 'radix.css' ? [full] : []
	})
}

test('every Radix colour the app names is loaded by app/styles/radix.css', () => {
	const loaded = new Set([...fs.readFileSync(path.join(app, 'styles/radix.css'), 'utf8').matchAll(/tokens\/colors\/([a-z]+)\.css/g)].map((m) => m[1]!))
	const names = scales.join('|')
	const missing: Array<string> = []
	for (const file of files(app)) {
		const source = fs.readFileSync(file, 'utf8')
		const used = new Set([
			...[...source.matchAll(new RegExp(`['"](${names})['"]`, 'g'))].map((m) => m[1]!),
			...[...source.matchAll(new RegExp(`var\\(--(${names})-`, 'g'))].map((m) => m[1]!),
		])
		for (const colour of used) if (!loaded.has(colour)) missing.push(`${path.relative(app, file)}: ${colour}`)
	}
	expect(missing, 'colours used in app/ without their scale in app/styles/radix.css').toEqual([])
	expect(loaded).toContain('indigo')
	expect(loaded).toContain('slate')
})
