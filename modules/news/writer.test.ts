import { expect, test } from 'vitest'
import { testPlatforms } from '#tests/support/platforms.ts'
import { ideasSystemPrompt, parseIdeas } from './writer.server.ts'

// The registry's ids plus a fifth network: the AI writer offers and keeps it without a change here.
const ids = [...testPlatforms.ids, 'newnet']

test("the AI writer's prompt lists every registered platform and shows the first as the example", () => {
	const prompt = ideasSystemPrompt(ids)
	expect(prompt).toContain(`Plattformen: ${ids.join(', ')}.`)
	expect(prompt).toContain(`"platforms":["${ids[0]}"]`)
})

test("the AI's ideas keep only registered platforms, and one naming none gets the first", () => {
	const answer = JSON.stringify({
		ideas: [
			{ title: 'Eins', description: 'Erste Idee.', keyword: 'ki', platforms: ['newnet', 'twitter', 7] },
			{ title: 'Zwei', description: 'Zweite Idee.', platforms: ['twitter'] },
			{ title: '', description: 'ohne Titel' },
		],
	})
	expect(parseIdeas(`Hier: ${answer}`, ids)).toEqual([
		{ title: 'Eins', description: 'Erste Idee.', keyword: 'ki', platforms: ['newnet'] },
		{ title: 'Zwei', description: 'Zweite Idee.', keyword: null, platforms: [ids[0]] },
	])
})
