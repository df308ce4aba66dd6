import { expect, test } from 'vitest'
import { brandChannels, channelsByNetwork, networksOf, targetView, toggleAll, toggleChannel } from './channel-choice.ts'
import { initialCreatorState } from './types.ts'

// The channel step's choice: a brand's channels by network in the registry's order, 'Alle' per
// network, channels that need reconnecting left out, and the networks that follow from the choice.

const order = ['netz-a', 'netz-b', 'netz-c']
const channel = (id: string, platform: string, brandId = 'marke-1', problem: 'reconnect_required' | null = null) => ({ id, platform, brandId, problem })
const all = [channel('b1', 'netz-b'), channel('a1', 'netz-a'), channel('a2', 'netz-a'), channel('a3', 'netz-a', 'marke-1', 'reconnect_required'), channel('x1', 'netz-a', 'marke-2'), channel('u1', 'unbekannt')]
const listed = brandChannels(all, 'marke-1', order)

test('the brand s channels on registered networks, in the registry s order, grouped by network', () => {
	expect(listed.map((c) => c.id)).toEqual(['a1', 'a2', 'a3', 'b1'])
	expect(channelsByNetwork(listed, order).map((g) => [g.platform, g.channels.map((c) => c.id)])).toEqual([
		['netz-a', ['a1', 'a2', 'a3']],
		['netz-b', ['b1']],
	])
})

test('Alle chooses every channel of its network that does not need reconnecting, and clears them again', () => {
	const chosen = toggleAll(listed, ['b1'], 'netz-a', true)
	expect(chosen).toEqual(['a1', 'a2', 'b1'])
	expect(toggleAll(listed, chosen, 'netz-a', false)).toEqual(['b1'])
	expect(networksOf(listed, chosen)).toEqual(['netz-a', 'netz-b'])
})

test('one channel on and off, kept in the listed order', () => {
	expect(toggleChannel(listed, ['b1'], 'a2')).toEqual(['a2', 'b1'])
	expect(toggleChannel(listed, ['a2', 'b1'], 'a2')).toEqual(['b1'])
})

test('before the preview the chosen channels decide the networks; ids not listed (another brand, gone) drop out', () => {
	const state = { ...initialCreatorState(), currentStep: 'platform-selection' as const, selectedPlatforms: ['netz-c'], selectedChannels: ['x1', 'b1'] }
	expect(targetView(state, listed)).toMatchObject({ selectedChannels: ['b1'], selectedPlatforms: ['netz-b'] })
	// In the preview the texts stay those made; without channels the networks are chosen directly.
	expect(targetView({ ...state, currentStep: 'preview' }, listed)).toMatchObject({ selectedChannels: ['b1'], selectedPlatforms: ['netz-c'] })
	expect(targetView(state, [])).toBe(state)
})
