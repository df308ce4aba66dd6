import { Parser } from 'htmlparser2'
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { expect } from 'vitest'

// For the lean components' tests: a lean component must render what Radix Themes renders for every
// prop it accepts: same elements, same attributes, same class names (order aside).
function normalize(html: string) {
	const out: Array<string> = []
	const parser = new Parser({
		onopentag(name, attributes) {
			const attrs = Object.entries(attributes)
				.map(([key, value]) => [key, key === 'class' ? value.split(/\s+/).filter(Boolean).sort().join(' ') : value] as const)
				.sort(([a], [b]) => a.localeCompare(b))
				.map(([key, value]) => `${key}="${value}"`)
			out.push(`<${name}${attrs.length ? ` ${attrs.join(' ')}` : ''}>`)
		},
		ontext(text) {
			out.push(text)
		},
		onclosetag(name) {
			out.push(`</${name}>`)
		},
	})
	parser.write(html)
	parser.end()
	return out.join('')
}

export function same(lean: ReactElement, radix: ReactElement) {
	expect(normalize(renderToString(lean))).toBe(normalize(renderToString(radix)))
}
