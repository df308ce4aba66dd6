import messages from '#locales/de/csvImport.json' with { type: 'json' }
import { fill, type CsvRowReading } from '#modules/content/csv-import.ts'
import type { ChannelView, PublishingService } from '#modules/publishing/index.ts'
import { chooseFrom } from './choose-channels.server.ts'

// The kanal column of 'CSV importieren' (issue 38): a channel's name or id, several separated like
// netzwerke ("Bäckerei Muster AG; Max Muster"). Spaces belong to a name, so they do not separate.

type Publishing = Pick<PublishingService, 'listChannels' | 'platforms'>

/** Where a row goes after its kanal cell: the networks (its own and its channels'), the channels and their brand. */
export type RowChannels = { networks: CsvRowReading['networks']; channelIds: Array<string>; brandId?: string; names: Array<string> }

function lookup(owned: ReadonlyArray<ChannelView>, name: string) {
	const wanted = name.toLowerCase()
	const byId = owned.filter((c) => c.id.toLowerCase() === wanted)
	return byId.length ? byId : owned.filter((c) => c.pageName.toLowerCase() === wanted)
}

/** The row's channels, or its German problems (an unknown name, a name of several channels, another brand's channels). */
export function readRowChannels(publishing: Publishing, owned: ReadonlyArray<ChannelView>, cell: string, reading: CsvRowReading): { ok: true; channels: RowChannels | null } | { ok: false; problems: Array<string> } {
	const names = cell.split(/[,|;]+/).map((part) => part.trim()).filter(Boolean)
	if (names.length === 0) return { ok: true, channels: null }
	const networkName = (id: string) => publishing.platforms.get(id)?.name ?? id
	const known = owned.map((c) => `${c.pageName} (${networkName(c.platform)})`).join(', ')
	const problems: Array<string> = []
	const ids: Array<string> = []
	for (const name of names) {
		const found = lookup(owned, name)
		if (found.length === 1) ids.push(found[0]!.id)
		else if (found.length > 1) problems.push(fill(messages.errors.ambiguousChannel, { name, networks: found.map((c) => networkName(c.platform)).join(', ') }))
		else problems.push(owned.length ? fill(messages.errors.unknownChannel, { name, known }) : fill(messages.errors.noChannels, { name }))
	}
	if (problems.length) return { ok: false, problems }
	const choice = chooseFrom(publishing, owned, { networks: reading.networks, channels: ids })
	if (!choice.ok) return { ok: false, problems: choice.reasons }
	const chosen = choice.channelIds!.map((id) => owned.find((c) => c.id === id)!)
	return { ok: true, channels: { networks: choice.networks, channelIds: choice.channelIds!, brandId: choice.brandId, names: chosen.map((c) => c.pageName) } }
}
