import type { CarouselFit } from '#modules/content/platforms.ts'
import type { PlatformView } from '#modules/publishing/descriptor.ts'
import { carouselAspect, imageChanges } from '#modules/publishing/image-plan.ts'
import type { NetworkImageChange } from './carousel-fit.tsx'
import type { StripEntry } from './media-strip-list.ts'

// Pure: what the strip shows of ADR 0065 for the post's networks: whether to ask 'Zuschneiden' or
// 'Auffüllen' (a network shows every item in the first one's aspect), and per image each network's change.

type Network = Pick<PlatformView, 'name' | 'images' | 'media'>

const plannedOf = (entries: ReadonlyArray<StripEntry>) =>
	entries.map((e) => ({ kind: e.kind, width: e.width ?? null, height: e.height ?? null, contentType: e.contentType ?? null, sizeBytes: e.sizeBytes ?? null }))

/** The networks whose carousel takes the first item's aspect, and that aspect; null: nothing to choose. */
export function carouselChoice(entries: ReadonlyArray<StripEntry>, networks: ReadonlyArray<Network>): { names: string; aspect: number } | null {
	const planned = plannedOf(entries)
	const found = networks.flatMap((network) => {
		const aspect = carouselAspect(network, planned)
		return aspect === null ? [] : [{ name: network.name, aspect }]
	})
	return found.length ? { names: found.map((f) => f.name).join(', '), aspect: found[0]!.aspect } : null
}

/** Per entry, the networks that crop, pad or convert it (empty: every network takes it as it is). */
export function networkChangesOf(entries: ReadonlyArray<StripEntry>, networks: ReadonlyArray<Network>, fit: CarouselFit): Array<Array<NetworkImageChange>> {
	const planned = plannedOf(entries)
	const perNetwork = networks.map((network) => ({ network, carousel: carouselAspect(network, planned) !== null, changes: imageChanges(network, planned, fit) }))
	return entries.map((_, index) =>
		perNetwork.flatMap(({ network, carousel, changes }) => {
			const change = changes[index]
			return change && (change.reshape || change.convert) ? [{ network: network.name, change, carousel }] : []
		}),
	)
}
