import { parseWithZod } from '@conform-to/zod/v4'
import { expect, test } from 'vitest'
import { draftEditSchema, postEditOf, postEditSchema } from './schema.ts'

// The editor's form in Meine Posts: a chosen channel's text of its own comes as `channelTexts.<channel id>`
// and is kept only for a channel the form names as chosen (an un-ticked channel loses its text).

const registered = ['linkedin', 'instagram']
const shop = '0b7f2a52-8c3e-4a55-9d3e-1f6a0d9c2b11'
const owner = '6c1d9e0a-2f4b-4c7e-8a9d-3b5e7f1a2c44'
const gone = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'
const id = '3f2e1d0c-9b8a-4765-8432-10fedcba9876'

function form(entries: Array<[string, string]>) {
	const data = new FormData()
	for (const [name, value] of entries) data.append(name, value)
	return data
}

test('a post keeps the texts of its chosen channels only', () => {
	const submission = parseWithZod(
		form([
			['intent', 'save-post'],
			['id', id],
			['platforms[0]', 'instagram'],
			['texts.instagram', 'Für alle'],
			['channelIds[0]', shop],
			['channelIds[1]', owner],
			[`channelTexts.${owner}`, 'Nur für mich'],
			[`channelTexts.${gone}`, 'Nicht mehr gewählt'],
		]),
		{ schema: postEditSchema(registered) },
	)
	expect(submission.status).toBe('success')
	if (submission.status !== 'success') return
	expect(submission.value.channelTexts).toEqual({ [owner]: 'Nur für mich' })
	expect(submission.value.texts).toEqual({ instagram: 'Für alle' })
})

test('a draft without channel texts gets none; a key that is no channel id or a text over the cap is refused', () => {
	const base: Array<[string, string]> = [
		['intent', 'save-draft'],
		['id', id],
		['platforms[0]', 'instagram'],
		['channelIds[0]', shop],
	]
	const plain = parseWithZod(form(base), { schema: draftEditSchema(registered) })
	expect(plain.status === 'success' && plain.value.channelTexts).toEqual({})
	expect(parseWithZod(form([...base, ['channelTexts.instagram', 'x']]), { schema: draftEditSchema(registered) }).status).toBe('error')
	expect(parseWithZod(form([...base, [`channelTexts.${shop}`, 'x'.repeat(100_001)]]), { schema: draftEditSchema(registered) }).status).toBe('error')
})

test('the editor s first comment and AI label: shown, the field replaces the stored comment (emptied: none); not shown, it stays', () => {
	const base: Array<[string, string]> = [
		['intent', 'save-post'],
		['id', id],
		['platforms[0]', 'linkedin'],
		['platforms[1]', 'instagram'],
		['texts.linkedin', 'Lang'],
		['texts.instagram', 'Kurz'],
		['channelIds[0]', shop],
	]
	const parse = (entries: Array<[string, string]>) => {
		const submission = parseWithZod(form([...base, ...entries]), { schema: postEditSchema(registered) })
		if (submission.status !== 'success') throw new Error('refused')
		return postEditOf(submission.value)
	}
	const written = parse([
		['firstCommentShown', '1'],
		['firstComment.base', 'Link im Kommentar'],
		['firstComment.platforms.instagram', 'Link in der Bio'],
		[`firstComment.channels.${shop}`, 'Für den Laden'],
		[`firstComment.channels.${gone}`, 'Nicht mehr gewählt'],
		['aiLabel', 'on'],
	])
	expect(written.content.firstComment).toEqual({ base: 'Link im Kommentar', platforms: { instagram: 'Link in der Bio' }, channels: { [shop]: 'Für den Laden' } })
	expect(written.aiLabel).toBe('on')
	// Emptied: the key is there, without a value (editedContent replaces the stored comment with none).
	const emptied = parse([['firstCommentShown', '1'], ['firstComment.base', '']])
	expect(emptied.content).toHaveProperty('firstComment', undefined)
	// Not shown (another form): no key, the stored comment stays.
	expect(parse([]).content).not.toHaveProperty('firstComment')
	expect(parseWithZod(form([...base, ['aiLabel', 'vielleicht']]), { schema: postEditSchema(registered) }).status).toBe('error')
})
