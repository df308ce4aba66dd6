import { z } from 'zod'
import { API_SCOPES } from '#modules/accounts/api-scopes.ts'
import { AI_LABELS, CAROUSEL_FITS, POST_ORIGINS } from '#modules/content/platforms.ts'
import { LIVE_POST_STATUSES } from '#modules/publishing/post-status.ts'

// The REST API's answers as zod schemas: the OpenAPI document is generated from them (zod-openapi),
// and the reference page shows them. Descriptions are German (they are shown to people).

const instant = z.iso.datetime({ offset: true })
const networkId = z.string().meta({ description: 'Netzwerk-ID (siehe GET /accounts)' })

export const ProblemSchema = z
	.object({
		type: z.string().meta({ description: 'URN des Fehlers', example: 'urn:postwerk:problem:not_found' }),
		title: z.string(),
		status: z.int(),
		detail: z.string().meta({ description: 'Deutsche Beschreibung für Menschen' }),
		code: z.string().meta({ description: 'Stabiler Code für Programme', example: 'not_found' }),
		instance: z.string().optional(),
		errors: z.array(z.object({ field: z.string(), message: z.string() })).optional().meta({ description: 'Fehler je Feld (400)' }),
		reasons: z.array(z.string()).optional().meta({ description: 'Gründe der Netzwerke (422 preflight) oder der Kanäle (422 invalid_channel)' }),
	})
	.meta({ id: 'Problem', description: 'Fehler nach RFC 9457 (application/problem+json)' })

export const EngagementSchema = z.object({ views: z.int(), likes: z.int(), shares: z.int(), comments: z.int() }).meta({ id: 'Engagement' })

export const DeliverySchema = z
	.object({
		id: z.string(),
		network: networkId,
		channel: z.uuid().nullable().meta({ description: 'Kanal-ID (null: der Kanal wurde getrennt)' }),
		status: z.enum(['pending', 'scheduled', 'publishing', 'published', 'unconfirmed', 'failed', 'cancelled']),
		reason: z.string().nullable().meta({ description: 'Deutscher Grund bei einem Fehler' }),
		url: z.string().nullable().meta({ description: 'Link zum veröffentlichten Beitrag' }),
		firstComment: z
			.object({
				status: z.enum(['pending', 'sent', 'published', 'failed', 'unconfirmed']).meta({ description: 'pending: folgt nach dem Post; sent: gesendet, Antwort ausstehend; published; failed (der Post bleibt veröffentlicht); unconfirmed: unklar, ob er erschienen ist' }),
				url: z.string().nullable().meta({ description: 'Link zum Kommentar, wo das Netzwerk einen hat' }),
				reason: z.string().nullable().meta({ description: 'Deutscher Grund bei failed oder unconfirmed' }),
			})
			.nullable()
			.meta({ id: 'FirstCommentState', description: 'Der erste Kommentar unter dem Post in diesem Kanal (null: keiner)' }),
	})
	.meta({ id: 'Delivery', description: 'Zustand des Posts in einem Netzwerk' })

/** One item of a post's media list, in order (ADR 0053, 0061). */
export const PostMediaSchema = z
	.object({
		id: z.uuid().meta({ description: 'Behält das Element in PATCH /posts/{id} media' }),
		kind: z.enum(['image', 'video', 'document']),
		url: z.string(),
		networks: z.array(networkId).nullable().meta({ description: 'Die Netzwerke, für die es gilt; null: alle ohne eigene Elemente' }),
		altText: z.string().nullable().meta({ description: 'Alt-Text (Bildbeschreibung)' }),
		aiGenerated: z.boolean().meta({ description: 'Von Postwerk generiert' }),
		width: z.number().int().nullable(),
		height: z.number().int().nullable(),
		state: z.enum(['processing', 'ready', 'failed']).meta({ description: 'processing, solange ein Video vorbereitet wird' }),
	})
	.meta({ id: 'PostMedia' })

export const PostSchema = z
	.object({
		id: z.uuid(),
		title: z.string(),
		text: z.string().meta({ description: 'Text für alle Netzwerke ohne eigenen Text' }),
		texts: z.record(z.string(), z.string()).meta({ description: 'Eigener Text je Netzwerk' }),
		channelTexts: z.record(z.string(), z.string()).meta({ description: 'Eigener Text je Kanal (Kanal-ID), der den Text seines Netzwerks ersetzt' }),
		firstComment: z.string().nullable().meta({ description: 'Erster Kommentar für alle Netzwerke, direkt nach dem Post veröffentlicht (null: keiner)' }),
		networks: z.array(networkId),
		status: z.enum(LIVE_POST_STATUSES).meta({ description: 'draft, review, scheduled, published; publishing, während die Netzwerke gerade gesendet werden (z. B. nach schedule.type now)' }),
		scheduledAt: instant.nullable(),
		timeZone: z.string(),
		publishedAt: instant.nullable(),
		imageUrl: z.string().nullable(),
		images: z.record(z.string(), z.string()),
		media: z.array(PostMediaSchema).meta({ description: 'Die Bilder und Videos des Posts in ihrer Reihenfolge' }),
		aiLabel: z.enum(AI_LABELS).meta({ description: 'KI-Kennzeichnung: auto (gekennzeichnet, wenn ein Text oder Bild generiert ist), on oder off' }),
		aiLabelled: z.boolean().meta({ description: 'Ob der Post als KI-generiert gekennzeichnet wird: aiLabel aufgelöst (bei auto: ein Text oder Bild ist generiert)' }),
		carouselFit: z.enum(CAROUSEL_FITS).meta({ description: 'Karussell auf einem Netzwerk, das alle Bilder im Format des ersten zeigt: crop (zugeschnitten) oder pad (aufgefüllt)' }),
		origin: z.enum(POST_ORIGINS),
		createdAt: instant,
		updatedAt: instant,
		engagement: EngagementSchema,
	})
	.meta({ id: 'Post' })

/** A channel a post goes to, as its answer names it. */
export const PostChannelSchema = z.object({ id: z.uuid(), network: networkId, name: z.string() }).meta({ id: 'PostChannel' })

export const PostDetailSchema = PostSchema.extend({
	channels: z.array(PostChannelSchema).meta({ description: 'Die Kanäle, an die der Post geht' }),
	deliveries: z.array(DeliverySchema),
}).meta({ id: 'PostDetail' })

export const DraftSchema = z
	.object({
		id: z.uuid(),
		title: z.string(),
		text: z.string(),
		texts: z.record(z.string(), z.string()),
		channelTexts: z.record(z.string(), z.string()),
		networks: z.array(networkId),
		images: z.record(z.string(), z.string()),
		media: z.array(PostMediaSchema).meta({ description: 'Die Bilder und Videos des Entwurfs in ihrer Reihenfolge; der geplante Post übernimmt sie' }),
		createdAt: instant,
		updatedAt: instant,
	})
	.meta({ id: 'Draft' })

export const AccountSchema = z
	.object({
		network: networkId,
		networkName: z.string(),
		pages: z.array(
			z.object({
				id: z.uuid(),
				name: z.string(),
				type: z.string(),
				isDefault: z.boolean(),
				followerCount: z.int(),
				problem: z.enum(['reconnect_required', 'token_expired', 'scope_missing']).nullable().meta({ description: 'Was dem Veröffentlichen im Weg steht' }),
			}),
		),
	})
	.meta({ id: 'Account', description: 'Verbundene Seiten eines Netzwerks' })

const channelProblem = z.enum(['reconnect_required', 'token_expired', 'scope_missing'])

export const ChannelSchema = z
	.object({
		id: z.uuid().meta({ description: 'Kanal-ID (für channels eines Posts)' }),
		network: networkId,
		name: z.string().meta({ description: 'Name des Profils, der Seite oder des Kontos' }),
		type: z.enum(['personal', 'business']).meta({ description: 'personal: ein Profil oder Konto; business: eine Unternehmens- oder Facebook-Seite' }),
		brand: z.uuid().meta({ description: 'ID der Marke, zu der der Kanal gehört' }),
		default: z.boolean().meta({ description: 'Standardkanal des Netzwerks in seiner Marke (erhält Posts, die nur das Netzwerk nennen)' }),
		state: z.enum(['connected', ...channelProblem.options]).meta({ description: 'connected, oder was dem Veröffentlichen im Weg steht (neu verbinden)' }),
		followers: z.int(),
	})
	.meta({ id: 'Channel', description: 'Ein Ort, an den ein Post gehen kann (ein Profil, eine Seite, ein Konto eines Netzwerks)' })

export const LedgerEntrySchema = z
	.object({ id: z.uuid(), createdAt: instant, type: z.string(), amount: z.int(), priceChf: z.number(), balanceAfter: z.int() })
	.meta({ id: 'LedgerEntry' })

export const IdeaSchema = z
	.object({
		id: z.uuid(),
		title: z.string(),
		description: z.string(),
		source: z.string(),
		publishedDate: z.string().nullable(),
		trending: z.boolean(),
		networks: z.array(z.string()),
		keyword: z.string().nullable(),
		contentType: z.string().nullable(),
		createdAt: instant,
	})
	.meta({ id: 'Idea' })

export const GenerationSchema = z
	.object({
		id: z.uuid(),
		status: z.enum(['running', 'succeeded', 'failed']),
		kind: z.string().nullable(),
		networks: z.array(z.string()),
		costCredits: z.int().meta({ description: 'Reservierte Credits (nicht gelieferte Teile werden zurückgebucht)' }),
		createdAt: instant,
		completedAt: instant.nullable(),
		result: z
			.object({
				texts: z.record(z.string(), z.string()),
				images: z.record(z.string(), z.string()),
				charged: z.int(),
				refunded: z.int(),
				balance: z.int(),
				warnings: z.array(z.string()),
			})
			.nullable(),
		error: z.object({ code: z.string(), message: z.string() }).nullable(),
	})
	.meta({ id: 'Generation' })

export const MediaSchema = z
	.object({
		key: z.string().meta({ example: 'images/3f0c….jpg', description: 'Der Schlüssel der Datei im Speicher' }),
		url: z.string().meta({ example: '/media/images/3f0c….jpg', description: 'Als imageUrl eines Posts verwendbar' }),
		kind: z.enum(['image', 'video', 'document']),
		contentType: z.string().meta({ example: 'image/jpeg' }),
		bytes: z.int().meta({ description: 'Grösse der gespeicherten Datei in Bytes' }),
		width: z.int().nullable().meta({ description: 'Bilder und Videos (wie angezeigt); sonst null' }),
		height: z.int().nullable(),
		durationMs: z.int().nullable().meta({ description: 'Videos; sonst null' }),
	})
	.meta({ id: 'Media' })

export const CreditsSchema = z.object({ balance: z.int() }).meta({ id: 'Credits' })

export const ScopeSchema = z.enum(API_SCOPES)

/** A list page: the items and the cursor of the next page (null on the last). */
export const pageOf = <T extends z.ZodType>(item: T, id: string) =>
	z.object({ data: z.array(item), nextCursor: z.string().nullable().meta({ description: 'Für die nächste Seite als ?cursor= mitgeben; null auf der letzten Seite' }) }).meta({ id })

export const PaginationQuery = z.object({
	limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: 'Einträge pro Seite (1-100, Standard 20)' }),
	cursor: z.string().max(200).optional().meta({ description: 'nextCursor der vorherigen Seite' }),
})

export const IdParams = z.object({ id: z.uuid().meta({ description: 'ID' }) })
