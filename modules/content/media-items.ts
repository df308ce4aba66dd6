import { z } from 'zod'

// A post's media list as a caller gives it (setPostMedia, ADR 0061): pure, shared by the REST API, MCP and
// the editor's form. Each item is a stored one by `id`, the user's own upload by `fileKey`, or an image by `url`.

/** The most items a list may name: the largest carousel any network takes (LinkedIn, Threads: 20), with room. */
export const MAX_MEDIA_ITEMS = 50

// A file store key as /api/media answers it: path segments of safe characters, no '..'.
const FILE_KEY = /^[a-z0-9][a-z0-9._-]{0,127}(?:\/[a-z0-9][a-z0-9._-]{0,127}){0,7}$/i

const fileKey = z
	.string()
	.max(1024)
	.refine((v) => FILE_KEY.test(v) && !v.includes('..'), { error: 'Ungültiger Dateischlüssel' })

/** An image at a URL: an https address, or a /media/ path of this app (then taken as the upload it names). */
const mediaUrl = z
	.string()
	.max(2048)
	.refine((v) => /^https:\/\/[^\s/]+\/\S*$/i.test(v) || (/^\/media\/\S+$/.test(v) && !v.includes('..')), { error: 'Ungültige Bild-URL' })

export const mediaItemSchema = z
	.object({
		id: z.uuid().optional().meta({ description: 'Ein gespeichertes Element des Posts (aus media[].id): bleibt mit seinem Zustand erhalten' }),
		fileKey: fileKey.optional().meta({ description: 'Eine eigene hochgeladene Datei (key aus POST /media): Bild, Video oder PDF' }),
		url: mediaUrl.optional().meta({ description: 'Ein Bild, Video oder PDF unter dieser öffentlichen https-Adresse: wird sofort geladen und als eigene Datei gespeichert (oder /media/… einer eigenen Datei)' }),
		altText: z.string().max(5000).nullable().optional().meta({ description: 'Alt-Text (Bildbeschreibung) auf Deutsch; null oder "" entfernt ihn, weggelassen bleibt er' }),
		networks: z.array(z.string().max(50)).min(1).max(50).nullable().optional().meta({ description: 'Die Netzwerke, für die das Element gilt; null: alle Netzwerke des Posts ohne eigene Elemente' }),
	})
	.refine((v) => [v.id, v.fileKey, v.url].filter((x) => x !== undefined).length === 1, { error: 'Bitte geben Sie genau eines von id, fileKey oder url an.' })

export const mediaListSchema = z.array(mediaItemSchema).max(MAX_MEDIA_ITEMS)

/** One item of a post's media list: exactly one of `id`, `fileKey`, `url`. */
export type MediaItemInput = z.infer<typeof mediaItemSchema>

/** The upload key a /media/ URL of this app names, else null. */
export function fileKeyOfMediaUrl(url: string) {
	const match = /^\/media\/(.+)$/.exec(url)
	return match ? match[1]! : null
}
