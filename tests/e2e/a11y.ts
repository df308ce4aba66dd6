// Accessibility checks with axe-core (WCAG 2.0/2.1 A and AA rules) for the browser tests.
//
//   await expectAccessible(page, 'Dashboard')                       // the whole page
//   await expectAccessible(page, 'Dialog Post planen', '[role="dialog"]')  // one part
//
// Fails on violations of impact "serious" or "critical" and prints each one readably (rule, help,
// the elements with their selector and axe's summary); minor and moderate ones are printed only.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>
type Violation = Result['violations'][number]

const failing = new Set(['serious', 'critical'])

export async function checkAccessibility(page: Page, include?: string) {
	// Colours are judged as drawn: wait for fades (toasts, dialogs) to end; endless ones are ignored.
	await page
		.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, { timeout: 3_000 })
		.catch(() => {})
	let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
	if (include) builder = builder.include(include)
	const result = await builder.analyze()
	return {
		serious: result.violations.filter((v) => failing.has(v.impact ?? '')),
		other: result.violations.filter((v) => !failing.has(v.impact ?? '')),
	}
}

export function describeViolations(violations: ReadonlyArray<Violation>) {
	return violations
		.map((v) => {
			const nodes = v.nodes
				.slice(0, 8)
				.map((node) => `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
				.join('\n')
			const more = v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : ''
			return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length}×)\n    ${v.helpUrl}\n${nodes}${more}`
		})
		.join('\n')
}

/** No serious or critical axe violation on the page (or inside `include`). */
export async function expectAccessible(page: Page, label: string, include?: string) {
	const { serious, other } = await checkAccessibility(page, include)
	if (other.length) console.log(`axe, ${label}: ${other.length} minor/moderate\n${describeViolations(other)}`)
	expect(serious.length, `axe found serious or critical violations on ${label} (${page.url()}):\n${describeViolations(serious)}\n`).toBe(0)
}
