import { expect, test } from 'vitest'
import { KNOWLEDGE_PASSAGE_TARGET, fitPassages, searchWords, splitKnowledge } from './knowledge.ts'

test('the knowledge base splits into passages of whole sentences that point back into the text', () => {
	const text = Array.from({ length: 200 }, (_, i) => `Satz ${i} erzählt etwas über die Bäckerei und ihre Geschichte.${i % 7 === 0 ? '\n\n' : ' '}`).join('')
	const passages = splitKnowledge(text)
	expect(passages.length).toBeGreaterThan(10)
	passages.forEach((passage, index) => {
		expect(passage.position).toBe(index)
		expect(passage.content.length).toBeLessThanOrEqual(KNOWLEDGE_PASSAGE_TARGET)
		// Each passage starts where its first sentence stands in the text.
		const first = passage.content.split(/(?<=\.) /)[0]!
		expect(text.slice(passage.start, passage.start + first.length)).toBe(first)
	})
	expect(passages.map((p) => p.content).join(' ').replace(/\s+/g, ' ')).toBe(text.trim().replace(/\s+/g, ' '))
	// A sentence longer than a passage is cut into pieces, never lost.
	const long = splitKnowledge('x'.repeat(2500))
	expect(long.map((p) => p.content.length)).toEqual([1000, 1000, 500])
})

test('the best ranked passages that fit the budget, in text order; search words by frequency', () => {
	const ranked = [
		{ position: 9, content: 'a'.repeat(1500) },
		{ position: 2, content: 'b'.repeat(1600) },
		{ position: 5, content: 'c'.repeat(1000) },
	]
	expect(fitPassages(ranked, 3000, '\n[…]\n').map((p) => p.position)).toEqual([5, 9])
	expect(searchWords('Zopf und Brot, Zopf am Samstag. Zopf!')).toEqual(['zopf', 'und', 'brot', 'samstag'])
})
