import { expect, test } from 'vitest'
import type { ChannelView } from '#modules/publishing/index.ts'
import { testPlatforms } from '#tests/support/platforms.ts'
import { chooseFrom } from './choose-channels.server.ts'

// Where a post goes: the channels it names (the user's, of one brand) and each named network's default channel.

const [a, b] = testPlatforms.descriptors
const publishing = { platforms: testPlatforms, listChannels: async () => [] }
const channel = (id: string, platform: string, brandId: string, isDefault: boolean): ChannelView => ({
	id, platform, pageName: `Kanal ${id}`, pageType: 'personal', brandId, isDefault, followerCount: 0, pictureUrl: null, accountId: 'konto', accountName: 'Konto', problem: null,
})
const owned = [channel('a1', a!.id, 'marke-1', true), channel('a2', a!.id, 'marke-1', false), channel('b1', b!.id, 'marke-1', true), channel('b2', b!.id, 'marke-2', true)]

test('networks only: no channel ids (each network goes to its default channel), as v1 clients always did', () => {
	expect(chooseFrom(publishing, owned, { networks: [b!.id, a!.id, a!.id] })).toEqual({ ok: true, networks: [b!.id, a!.id] })
})

test('channels decide the networks; a named network without a channel adds the brand s default channel of it', () => {
	expect(chooseFrom(publishing, owned, { channels: ['a2', 'a1'] })).toEqual({ ok: true, networks: [a!.id], channelIds: ['a2', 'a1'], brandId: 'marke-1' })
	expect(chooseFrom(publishing, owned, { channels: ['a2'], networks: [b!.id] })).toEqual({ ok: true, networks: [a!.id, b!.id], channelIds: ['a2', 'b1'], brandId: 'marke-1' })
})

test('an unknown id, channels of two brands, a network without a default channel in the brand: German reasons', () => {
	expect(chooseFrom(publishing, owned, { channels: ['a1', 'fremd'] })).toEqual({ ok: false, reasons: ['Diesen Kanal gibt es in Ihrem Konto nicht: fremd.'] })
	expect(chooseFrom(publishing, owned, { channels: ['a1', 'b2'] })).toEqual({ ok: false, reasons: ['Die Kanäle eines Posts müssen zu einer Marke gehören.'] })
	expect(chooseFrom(publishing, owned, { channels: ['b2'], networks: [a!.id] })).toEqual({ ok: false, reasons: [`Für ${a!.name} hat die Marke keinen Standardkanal. Bitte wählen Sie den Kanal für ${a!.name} aus.`] })
})
