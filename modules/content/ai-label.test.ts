import { expect, test } from 'vitest'
import { aiLabelled } from './ai-label.ts'

const generated = { aiGenerated: true }
const own = { aiGenerated: false }

test("'on' and 'off' are the user's choice, whatever was generated", () => {
	expect(aiLabelled({ aiLabel: 'on', textsGenerated: false, media: [own] })).toBe(true)
	expect(aiLabelled({ aiLabel: 'off', textsGenerated: true, media: [generated] })).toBe(false)
})

test("'auto' is on when a text or any item was generated", () => {
	expect(aiLabelled({ aiLabel: 'auto', textsGenerated: true, media: [] })).toBe(true)
	expect(aiLabelled({ aiLabel: 'auto', textsGenerated: false, media: [own, generated] })).toBe(true)
	expect(aiLabelled({ aiLabel: 'auto', textsGenerated: false, media: [own] })).toBe(false)
	expect(aiLabelled({ aiLabel: 'auto', textsGenerated: false, media: [] })).toBe(false)
})
