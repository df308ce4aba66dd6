import { z } from 'zod'
import type { Platform } from '#modules/content/index.ts'
import type { PostContent } from '#modules/content/post-content.ts'
import { mediaListSchema } from '#modules/content/media-items.ts'
import { aiLabelSchema, imageUrl, MAX_TEXT } from '#modules/content/schema.ts'

// What a new post from the REST API or an MCP client says (the CSV import's rows make the same content).

/** When the post goes out: at a time (a half-hour slot 06:00-23:00 as in the app), at the next free suggested time, or now. */
// RFC 3339 with or without seconds, with Z or an offset: a time without a zone could mean the user's
// zone or the server's, so it is refused with the rule instead of guessed (ADR 0072).
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i
const WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?$/i

/** A point in time as RFC 3339 (seconds optional) with its zone: Z or an offset such as +01:00. */
export const instantSchema = z
	.string()
	.max(40)
	.refine((v) => !WITHOUT_ZONE.test(v), { error: 'Zeitpunkt ohne Zeitzone: Bitte mit Z oder einem Versatz angeben, z. B. 2026-12-01T09:00+01:00 (RFC 3339, Sekunden freiwillig).', abort: true })
	.refine((v) => WITH_ZONE.test(v) && !Number.isNaN(new Date(v).getTime()), { error: 'Ungültiger Zeitpunkt: Bitte im Format RFC 3339 mit Zeitzone angeben, z. B. 2026-12-01T09:00+01:00 oder 2026-12-01T08:00:00Z.' })
	// Documented as date-time (what generated clients send); the minutes-only form is accepted besides.
	.meta({ format: 'date-time' })

export const PostScheduleSchema = z.discriminatedUnion('type', [
	z.object({ type: z.literal('at'), at: instantSchema.describe('RFC 3339 mit Zeitzone (Z oder Versatz), Sekunden freiwillig, z. B. 2026-12-01T09:00+01:00; ohne Zeitzone abgelehnt. Auf eine halbe Stunde zwischen 06:00 und 23:00 (Zeitzone des Kontos)') }),
	z.object({ type: z.literal('next_slot') }).describe('Nächste freie empfohlene Zeit'),
	z.object({ type: z.literal('now') }).describe('Sofort veröffentlichen'),
])
export type PostSchedule = z.infer<typeof PostScheduleSchema>

const text = z.string().trim().min(1).max(MAX_TEXT)

/** The generation (POST /generations, MCP generate_post) the texts came from: with aiLabel auto the post is labelled as generated (ADR 0067). */
export const generationIdSchema = z.uuid().describe('ID der Generierung (POST /generations, generate_post), aus der die Texte stammen: bei aiLabel auto wird der Post dann als KI-generiert gekennzeichnet')

/** A text of its own per channel (channel id: text); each must be a channel the post goes to (channelTextsWithin). */
export const ChannelTextsSchema = z.record(z.uuid(), text)

/** The refusal of a channel text for a channel the post does not go to (POST and PATCH /posts, MCP). */
export const CHANNEL_TEXT_OUTSIDE = { error: 'Ein Kanal in channelTexts steht nicht unter channels.', path: ['channelTexts'] }

/** Whether every channel text is for one of `channels` (the channels the post goes to). */
export const channelTextsWithin = (channelTexts: Record<string, string> | undefined, channels: ReadonlyArray<string> | undefined) => Object.keys(channelTexts ?? {}).every((id) => channels?.includes(id))

/** The most channels one post names (far above what a post goes to; the plans allow at most 1000 channels in all). */
export const MAX_POST_CHANNELS = 200

/**
 * Where the post goes: networks (registered ids; each to its brand's default channel) and/or channels
 * (ids of the user's channels, issue 38); a text for all and/or a text per network, an optional image
 * (/media/… from the media upload).
 */
export function newPostSchema(registered: ReadonlyArray<Platform>) {
	const network = z.enum(registered as [Platform, ...Array<Platform>])
	return z
		.object({
			networks: z.array(network).min(1).max(registered.length).optional().describe('Netzwerke, an die der Post geht (je an den Standardkanal der Marke)'),
			channels: z.array(z.uuid()).min(1).max(MAX_POST_CHANNELS).optional().describe('Kanäle (IDs aus GET /channels), an die der Post geht; mit networks zusammen: dazu der Standardkanal jedes weiteren Netzwerks'),
			text: text.optional().describe('Text für alle Netzwerke ohne eigenen Text'),
			texts: z.partialRecord(network, text).optional().describe('Eigener Text je Netzwerk'),
			channelTexts: ChannelTextsSchema.optional()
				.describe('Eigener Text je Kanal (ID aus channels); sonst gilt der Text seines Netzwerks'),
			firstComment: text.optional().describe('Erster Kommentar: wird direkt nach dem Post als Kommentar darunter veröffentlicht, einmal je Kanal (Bluesky, Mastodon und Threads: als Antwort; LinkedIn nur auf Unternehmensseiten). Die Zeichengrenze des Netzwerks gilt wie für den Text.'),
			imageUrl: imageUrl.optional().describe('Bild aus dem Medien-Upload (/media/…)'),
			media: mediaListSchema
				.optional()
				.describe(
					'Bilder und Videos in dieser Reihenfolge (statt imageUrl): je eine eigene Datei (fileKey aus POST /media) oder eine Datei unter einer öffentlichen https-Adresse (url; sofort geladen und als eigene Datei gespeichert, eine private oder unerreichbare Adresse antwortet 400), mit Alt-Text (altText, höchstens so lang, wie es jedes Netzwerk annimmt) und optional den Netzwerken (networks), für die es gilt',
				),
			aiLabel: aiLabelSchema.optional().describe('KI-Kennzeichnung: auto (wenn ein Text oder Bild generiert ist, Standard), on oder off'),
			generationId: generationIdSchema.optional(),
			schedule: PostScheduleSchema.describe('Wann: zu einem Zeitpunkt (at), zur nächsten freien empfohlenen Zeit (next_slot) oder sofort (now)'),
		})
		.refine((v) => v.networks?.length || v.channels?.length, { error: 'Bitte geben Sie networks oder channels an.', path: ['networks'] })
		.refine((v) => (v.networks ?? []).every((n) => v.texts?.[n] ?? v.text) && (v.text || Object.keys(v.texts ?? {}).length), { error: 'Jedes Netzwerk braucht einen Text (text oder texts.<netzwerk>).', path: ['texts'] })
		.refine((v) => channelTextsWithin(v.channelTexts, v.channels), CHANNEL_TEXT_OUTSIDE)
}
export type NewPostRequest = z.infer<ReturnType<typeof newPostSchema>>

/** The post's content as the creator stores it: the first network's text as base, each network's own text named; a first comment for all. */
export function postContentOf(request: { networks: ReadonlyArray<Platform>; text?: string; texts?: Partial<Record<Platform, string>>; channelTexts?: Record<string, string>; firstComment?: string }): PostContent {
	const networks = [...new Set(request.networks)]
	const textOf = (n: Platform) => request.texts?.[n] ?? request.text ?? ''
	const channels = request.channelTexts && Object.keys(request.channelTexts).length ? { channels: request.channelTexts } : {}
	const firstComment = request.firstComment?.trim() ? { firstComment: { base: request.firstComment, platforms: {} } } : {}
	return { base: textOf(networks[0]!), platforms: networks.length > 1 ? Object.fromEntries(networks.map((n) => [n, textOf(n)])) : {}, ...channels, ...firstComment }
}

