import { expect, test } from 'vitest'
import { contentFields, parseContentFields } from './fields.ts'
import { initialCreatorState } from './types.ts'

// The registered platforms in the registry's order (publishing.platforms.ids).
const ids = ['linkedin', 'facebook', 'instagram', 'threads']
const image = '/media/images/0b7c4a52-6f0e-4c39-9d4b-2a3c1f0e9a11.jpg'

function form(entries: Array<[string, string]>) {
	const data = new FormData()
	for (const [name, value] of entries) data.append(name, value)
	return data
}

test('reads the chosen platforms with their texts and images, in platform order', () => {
	const parsed = parseContentFields(
		form([
			['platforms', 'threads'],
			['platforms', 'linkedin'],
			['text.linkedin', 'Lang'],
			['text.threads', 'Kurz'],
			['text.facebook', 'nicht gewählt'],
			['image.linkedin', image],
			['prompt', 'Idee'],
		]),
		ids,
	)
	expect(parsed).toEqual({ platforms: ['linkedin', 'threads'], texts: { linkedin: 'Lang', threads: 'Kurz' }, firstComments: {}, images: { linkedin: image }, video: null, prompt: 'Idee', generationId: null, channelIds: [], channelTexts: {}, editing: null })
})

test("a model test's video goes along as its /media/ path (ADR 0068); any other address is malformed", () => {
	const video = '/media/videos/2b7c4a52-6f0e-4c39-9d4b-2a3c1f0e9a13.mp4'
	const state = { ...initialCreatorState(), selectedPlatforms: ['instagram'], content: { instagram: 'Reel' }, modelTestMedia: { kind: 'video' as const, url: video } }
	expect(contentFields(state)).toContainEqual(['video', video])
	expect(contentFields({ ...state, modelTestMedia: { kind: 'image', url: '/media/images/2b7c4a52-6f0e-4c39-9d4b-2a3c1f0e9a13.jpg' } }).some(([name]) => name === 'video')).toBe(false)
	expect(parseContentFields(form(contentFields(state)), ids)?.video).toBe(video)
	expect(parseContentFields(form([['platforms', 'instagram'], ['video', 'https://example.com/x.mp4']]), ids)).toBeNull()
	expect(parseContentFields(form([['platforms', 'instagram'], ['video', '/media/videos/../secret.mp4']]), ids)).toBeNull()
})

test('the generation that wrote the texts goes along as its id (ADR 0067); anything but an id is malformed', () => {
	const generationId = '2b7c4a52-6f0e-4c39-9d4b-2a3c1f0e9a13'
	const state = { ...initialCreatorState(), selectedPlatforms: ['linkedin'], content: { linkedin: 'Lang' }, generationId }
	expect(contentFields(state)).toContainEqual(['generationId', generationId])
	expect(contentFields({ ...state, generationId: null }).some(([name]) => name === 'generationId')).toBe(false)
	expect(parseContentFields(form(contentFields(state)), ids)?.generationId).toBe(generationId)
	expect(parseContentFields(form([['platforms', 'linkedin'], ['generationId', 'keine-id']]), ids)).toBeNull()
})

test('a first comment per chosen platform goes along; an empty one is not sent, a platform not chosen is dropped', () => {
	const state = { ...initialCreatorState(), selectedPlatforms: ['linkedin', 'threads'], content: { linkedin: 'Lang', threads: 'Kurz' }, firstComments: { linkedin: 'Link: https://beispiel.ch', threads: '  ' } }
	const fields = contentFields(state)
	expect(fields).toContainEqual(['firstComment.linkedin', 'Link: https://beispiel.ch'])
	expect(fields.some(([name]) => name === 'firstComment.threads')).toBe(false)
	const parsed = parseContentFields(form([...fields, ['firstComment.facebook', 'nicht gewählt']]), ids)
	expect(parsed?.firstComments).toEqual({ linkedin: 'Link: https://beispiel.ch' })
})

test('reads the chosen channel ids once each; anything but an id is malformed', () => {
	const a = '0b7c4a52-6f0e-4c39-9d4b-2a3c1f0e9a11'
	const b = '1b7c4a52-6f0e-4c39-9d4b-2a3c1f0e9a12'
	expect(parseContentFields(form([['platforms', 'linkedin'], ['channels', a], ['channels', b], ['channels', a]]), ids)?.channelIds).toEqual([a, b])
	expect(parseContentFields(form([['platforms', 'linkedin'], ['channels', 'linkedin']]), ids)).toBeNull()
})

test('only images this app stored are accepted', () => {
	for (const url of ['https://evil.example/x.jpg', '/media/images/../secret.jpg', '/media/logos/0b7c4a52-6f0e-4c39-9d4b-2a3c1f0e9a11.jpg', `${image}?x=1`, `//evil.example${image}`]) {
		expect(parseContentFields(form([['platforms', 'linkedin'], ['image.linkedin', url]]), ids), url).toBeNull()
	}
})

test('refuses no platform, unknown platforms and malformed edit targets', () => {
	expect(parseContentFields(form([['text.linkedin', 'x']]), ids)).toBeNull()
	expect(parseContentFields(form([['platforms', 'twitter']]), ids)).toBeNull()
	expect(parseContentFields(form([['platforms', 'linkedin'], ['editKind', 'draft'], ['editId', 'nope']]), ids)).toBeNull()
	expect(parseContentFields(form([['platforms', 'linkedin'], ['editKind', 'post'], ['editId', '0b7c4a52-6f0e-4c39-9d4b-2a3c1f0e9a11']]), ids)?.editing).toEqual({ kind: 'post', id: '0b7c4a52-6f0e-4c39-9d4b-2a3c1f0e9a11' })
})

test('a chosen channel s text of its own travels as channelText.<id> and back; one of a channel not chosen is dropped', () => {
	const a = '0b7c4a52-6f0e-4c39-9d4b-2a3c1f0e9a11'
	const b = '1b7c4a52-6f0e-4c39-9d4b-2a3c1f0e9a12'
	const gone = '2b7c4a52-6f0e-4c39-9d4b-2a3c1f0e9a13'
	const state = { ...initialCreatorState(), selectedPlatforms: ['linkedin'], selectedChannels: [a, b], content: { linkedin: 'Für alle' }, channelTexts: { b: 'x', [b]: 'Nur für B', [gone]: 'weg' } }
	const fields = contentFields(state)
	expect(fields).toContainEqual([`channelText.${b}`, 'Nur für B'])
	expect(fields.some(([name]) => name === `channelText.${gone}`)).toBe(false)
	expect(parseContentFields(form(fields), ids)?.channelTexts).toEqual({ [b]: 'Nur für B' })
	// Sent for a channel the form does not choose: dropped; under a name that is no channel id: malformed.
	expect(parseContentFields(form([...fields, [`channelText.${gone}`, 'weg']]), ids)?.channelTexts).toEqual({ [b]: 'Nur für B' })
	expect(parseContentFields(form([...fields, ['channelText.linkedin', 'x']]), ids)).toBeNull()
})
