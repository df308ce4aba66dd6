import { expect, type Page } from '@playwright/test'

/** A phone like the iPhone 13 (390x844, touch), in chromium. */
export const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 }

/** The elements sticking out past the right edge of the window (for a readable failure). */
async function overflowing(page: Page) {
	return page.evaluate(() => {
		const width = document.documentElement.clientWidth
		const out: Array<string> = []
		for (const el of Array.from(document.querySelectorAll('body *'))) {
			const rect = el.getBoundingClientRect()
			if (rect.width === 0 || rect.right <= width + 0.5) continue
			// Only the outermost offender of each branch.
			if (el.parentElement && el.parentElement.getBoundingClientRect().right > width + 0.5) continue
			out.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(' ').slice(0, 3).join('.')} right=${Math.round(rect.right)}`)
		}
		return out.slice(0, 10)
	})
}

/** The page does not scroll sideways: nothing is wider than the window. */
export async function expectNoHorizontalScroll(page: Page, what: string) {
	const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }))
	if (scrollWidth > clientWidth) {
		expect.soft(scrollWidth, `${what} scrolls sideways (${scrollWidth} > ${clientWidth}):\n${(await overflowing(page)).join('\n')}`).toBeLessThanOrEqual(clientWidth)
	}
}
