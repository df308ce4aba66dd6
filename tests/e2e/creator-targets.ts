import type { Page } from '@playwright/test'

// Step 3 of the creator for tests whose subject is not the channel step (issue 38): with channels
// connected the step lists them (its heading 'Kanäle wählen') and a network is chosen by its default
// channel, as a post for the network went before; without channels it shows the network cards.

export const TARGET_STEP_HEADING = /^(Plattformen|Kanäle) wählen$/

/** The network's default channel in the channel step, else its card (a label that takes the click). */
export function networkTarget(page: Page, name: string) {
	const channel = page.getByRole('group', { name, exact: true }).getByRole('checkbox', { name: /Standard/ })
	const card = page.locator('label').filter({ has: page.getByRole('checkbox', { name: new RegExp(`^${name}`) }) })
	return channel.or(card)
}
