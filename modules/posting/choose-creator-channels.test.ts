import { expect, test } from 'vitest'
import type { ChannelView } from '#modules/publishing/index.ts'
import { testPlatforms } from '#tests/support/platforms.ts'
import { chooseCreatorChannels, type CreatorRequest } from './choose-creator-channels.server.ts'
import { creatorFirstComment, newCreatorPost, ownChannelTexts, postContent } from './creator-post.ts'

// The creator's channel step on the server: the chosen ids must be the user's and of one brand; their
// networks become the post's (texts and images per network), their brand the post's.

const [a, b, c] = testPlatforms.descriptors.map((d) => d.id)
const channel = (id: string, platform: string, brandId: string): ChannelView => ({
	id, platform, pageName: `Kanal ${id}`, pageType: 'personal', brandId, isDefault: false, followerCount: 0, pictureUrl: null, accountId: 'konto', accountName: 'Konto', problem: null,
})
const owned = [channel('a1', a!, 'marke-1'), channel('a2', a!, 'marke-1'), channel('b1', b!, 'marke-1'), channel('b2', b!, 'marke-2')]
let reads = 0
const publishing = {
	platforms: testPlatforms,
	listChannels: async () => {
		reads++
		return owned
	},
}
const request = (channelIds: Array<string>, editing: CreatorRequest['editing'] = null): CreatorRequest => ({
	platforms: [a!, c!],
	texts: { [a!]: 'Text A', [b!]: 'Text B', [c!]: 'Text C' },
	firstComments: { [a!]: 'Kommentar A', [c!]: 'Kommentar C' },
	images: {},
	prompt: 'Idee',
	editing,
	channelIds,
})

test('two channels of one network and one of another: their networks, texts and brand; one delivery per channel', async () => {
	const chosen = await chooseCreatorChannels(publishing, 'nutzer', request(['a1', 'a2', 'b1']))
	expect(chosen).toEqual({
		ok: true,
		post: { platforms: [a, b], texts: { [a!]: 'Text A', [b!]: 'Text B' }, firstComments: { [a!]: 'Kommentar A' }, images: {}, prompt: 'Idee', editing: null, brandId: 'marke-1', channelTexts: {}, channels: [{ id: 'a1', platform: a }, { id: 'a2', platform: a }, { id: 'b1', platform: b }] },
	})
	if (!chosen.ok) return
	expect(newCreatorPost(chosen.post)).toMatchObject({ platform: 'multiple', channelIds: ['a1', 'a2', 'b1'], brandId: 'marke-1' })
})

test('another user s id or channels of two brands are refused in German', async () => {
	expect(await chooseCreatorChannels(publishing, 'nutzer', request(['a1', 'fremd']))).toEqual({ ok: false, reasons: ['Diesen Kanal gibt es in Ihrem Konto nicht: fremd.'] })
	expect(await chooseCreatorChannels(publishing, 'nutzer', request(['a1', 'b2']))).toEqual({ ok: false, reasons: ['Die Kanäle eines Posts müssen zu einer Marke gehören.'] })
})

test('without channels (none connected) and for an opened post (its deliveries keep their channels) the networks stay, unread', async () => {
	reads = 0
	const { channelIds: _, ...networks } = request([])
	expect(await chooseCreatorChannels(publishing, 'nutzer', request([]))).toEqual({ ok: true, post: networks })
	const editing = { kind: 'post' as const, id: 'post-1' }
	expect(await chooseCreatorChannels(publishing, 'nutzer', request(['a1'], editing))).toEqual({ ok: true, post: { ...networks, editing } })
	expect(reads).toBe(0)
	expect(newCreatorPost(networks)).not.toHaveProperty('channelIds')
})

test('a chosen channel keeps its text of its own; one not chosen loses it; a new draft per network carries its channels texts', async () => {
	const chosen = await chooseCreatorChannels(publishing, 'nutzer', { ...request(['a1', 'a2', 'b1']), channelTexts: { a2: 'Nur für a2', b2: 'nicht gewählt' } })
	if (!chosen.ok) throw new Error('refused')
	expect(chosen.post.channelTexts).toEqual({ a2: 'Nur für a2' })
	expect(postContent(chosen.post)).toEqual({ base: 'Text A', platforms: { [a!]: 'Text A', [b!]: 'Text B' }, channels: { a2: 'Nur für a2' }, firstComment: { base: '', platforms: { [a!]: 'Kommentar A' } } })
	expect(ownChannelTexts(chosen.post, a!)).toEqual({ channels: { a2: 'Nur für a2' } })
	expect(ownChannelTexts(chosen.post, b!)).toEqual({})
})

test('the creator s first comments: the same for every platform is the base, different ones each platform s own, none at all is no key value', () => {
	expect(creatorFirstComment({ platforms: [a!, b!], firstComments: { [a!]: 'Link', [b!]: 'Link' } })).toEqual({ firstComment: { base: 'Link', platforms: {} } })
	expect(creatorFirstComment({ platforms: [a!, b!], firstComments: { [a!]: 'Link', [b!]: 'Anders' } })).toEqual({ firstComment: { base: '', platforms: { [a!]: 'Link', [b!]: 'Anders' } } })
	expect(creatorFirstComment({ platforms: [a!, b!], firstComments: { [a!]: 'Nur A' } })).toEqual({ firstComment: { base: '', platforms: { [a!]: 'Nur A' } } })
	// The key stays (undefined): an opened post saved without a comment loses its stored one.
	const none = creatorFirstComment({ platforms: [a!], firstComments: { [a!]: '  ' } })
	expect(none).toHaveProperty('firstComment', undefined)
})
