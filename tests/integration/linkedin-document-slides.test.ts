import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { linkedinApi } from '#adapters/platforms/linkedin/api.ts'
import { publishDocumentPost } from '#adapters/platforms/linkedin/document-post.ts'
import { startLinkedinSandbox } from '#adapters/platforms/linkedin/testing.ts'
import { renderSlidesPdf, slideThemeOf, splitIntoSlides } from '#modules/media/index.ts'
import type { Checkpoint } from '#modules/publishing/ports.ts'

// Issue 39, item 4: a post becomes a branded PDF carousel, goes up through LinkedIn's Documents API and is
// posted as a document post; the sandbox network holds it with its pages.

const post = `Fünf Dinge, die ich 2026 über Remote-Teams gelernt habe 🌍

Nach einem Jahr komplett verteilt arbeiten wir anders als gedacht:

1. Schreiben schlägt Meetings
2. Zeitzonen sind ein Vorteil, kein Problem
3. Vertrauen braucht feste Rituale
4. Dokumentation ist Führungsaufgabe
5. Pausen gehören in den Kalender

Das Überraschendste?

Die Zufriedenheit im Team ist gestiegen, obwohl wir uns seltener sehen. Nähe entsteht durch Verlässlichkeit, nicht durch Präsenz.

Wie arbeitet ihr im Team zusammen? Schreibt es mir in die Kommentare 👇

#RemoteWork #Führung`

test('slides from a post, rendered in the brand look, uploaded, processed and posted: the sandbox holds a document post with every page', async () => {
	await using li = await startLinkedinSandbox()
	const logo = await sharp({ create: { width: 320, height: 96, channels: 4, background: '#0a66c2' } }).png().toBuffer()
	const theme = slideThemeOf({ name: 'Muster AG', colors: ['#0a66c2', '#ffffff'], accentColor: '#f59e0b', useBranding: true }, logo)
	const slides = splitIntoSlides(post, { maxSlides: 20 })
	expect(slides.map((slide) => slide.kind)).toEqual(['title', 'content', 'content', 'closing'])
	const pdf = await renderSlidesPdf(slides, theme, { title: 'Remote-Teams 2026' })

	const checkpoints: Array<Checkpoint> = []
	const published = await publishDocumentPost(
		{ api: linkedinApi(li.settings()), settings: li.settings(), options: { imagePollIntervalMs: 5, imagePollAttempts: 5 } },
		li.target(li.organization),
		{ text: post, title: 'Remote-Teams 2026', pdf },
		{ checkpoint: async (data) => void checkpoints.push(data) },
	)

	const stored = li.store.posts.find((p) => p.id === published.externalId)!
	expect(stored).toMatchObject({ platform: 'linkedin', authorId: li.organization, document: { title: 'Remote-Teams 2026', pages: slides.length } })
	expect(stored.text).toContain('Fünf Dinge, die ich 2026 über Remote-Teams gelernt habe')
	expect(checkpoints).toEqual([{ documentUrn: stored.document!.urn }])
	const served = await PDFDocument.load(new Uint8Array(await (await fetch(stored.document!.url)).arrayBuffer()))
	expect(served.getPageCount()).toBe(slides.length)
	expect(served.getPage(0).getSize()).toEqual({ width: 1080, height: 1080 })
	expect(await (await fetch(li.base)).text()).toContain(`${slides.length} Seiten`)
})
