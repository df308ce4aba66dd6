import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebReadError } from '#modules/media/web-reader.ts'
import { FAKE_VIDEO, fakeWebEnv, startWebFake, type WebFake } from '#tests/fakes/web.ts'
import { createWebReader } from './index.ts'
import { createYoutubeClient, parseTimedText, TRANSCRIPT_MAX } from './youtube.ts'

let web: WebFake
let endpoints: { apiBase: string; oembedUrl: string; transcriptBase: string }
let calls: Array<string>

/** The real fetch, recording every URL it is asked for. */
const recordingFetch: typeof fetch = (input, init) => {
	calls.push(String(input))
	return fetch(input, init)
}

beforeAll(async () => {
	web = await startWebFake()
	const env = fakeWebEnv(web.url)
	endpoints = { apiBase: env.YOUTUBE_API_BASE!, oembedUrl: env.YOUTUBE_OEMBED_URL!, transcriptBase: env.YOUTUBE_TRANSCRIPT_BASE! }
})
afterAll(() => web?.close())

function client(apiKey?: string) {
	calls = []
	return createYoutubeClient({ ...endpoints, apiKey, fetch: recordingFetch })
}

async function errorCode(promise: Promise<unknown>) {
	try {
		await promise
	} catch (error) {
		expect(error).toBeInstanceOf(WebReadError)
		return (error as WebReadError).code
	}
	throw new Error('expected a WebReadError')
}

const expectedTranscript = FAKE_VIDEO.transcript.join(' ')

describe('createYoutubeClient', () => {
	it('with an API key reads title, description and channel from the Data API', async () => {
		const video = await client('test-schluessel').video(FAKE_VIDEO.id)
		expect(video).toEqual({
			id: FAKE_VIDEO.id,
			title: FAKE_VIDEO.title,
			description: FAKE_VIDEO.description,
			channel: FAKE_VIDEO.channel,
			transcript: expectedTranscript,
		})
		expect(calls).toContain(`${endpoints.apiBase}/videos?part=snippet&id=${FAKE_VIDEO.id}&key=test-schluessel`)
	})

	it('without a key reads title and channel from oEmbed', async () => {
		const video = await client().video(FAKE_VIDEO.id)
		expect(video).toEqual({ id: FAKE_VIDEO.id, title: FAKE_VIDEO.title, description: '', channel: FAKE_VIDEO.channel, transcript: expectedTranscript })
		const watchUrl = encodeURIComponent(`https://www.youtube.com/watch?v=${FAKE_VIDEO.id}`)
		expect(calls).toContain(`${endpoints.oembedUrl}?url=${watchUrl}&format=json`)
	})

	it('asks for German captions first and only talks to the configured endpoints', async () => {
		await client('k').video(FAKE_VIDEO.id)
		expect(calls).toContain(`${endpoints.transcriptBase}/api/timedtext?v=${FAKE_VIDEO.id}&lang=de`)
		expect(calls.every((url) => url.startsWith(endpoints.apiBase) || url.startsWith(`${endpoints.transcriptBase}/api/timedtext?`))).toBe(true)
	})

	it('a video without captions has no transcript: German, then English, then null', async () => {
		const other = 'abcdefghijk'
		await using fresh = await startWebFake()
		fresh.setPage('/youtube/v3/videos', {
			contentType: 'application/json',
			body: JSON.stringify({ items: [{ id: other, snippet: { title: 'Ohne Untertitel', description: 'Beschreibung', channelTitle: 'Kanal' } }] }),
		})
		const env = fakeWebEnv(fresh.url)
		calls = []
		const youtube = createYoutubeClient({ apiKey: 'k', apiBase: env.YOUTUBE_API_BASE!, oembedUrl: env.YOUTUBE_OEMBED_URL!, transcriptBase: fresh.url, fetch: recordingFetch })
		const video = await youtube.video(other)
		expect(video).toEqual({ id: other, title: 'Ohne Untertitel', description: 'Beschreibung', channel: 'Kanal', transcript: null })
		expect(calls.filter((url) => url.includes('/api/timedtext'))).toEqual([`${fresh.url}/api/timedtext?v=${other}&lang=de`, `${fresh.url}/api/timedtext?v=${other}&lang=en`])
	})

	it('an unknown video is unreachable (Data API: no items; oEmbed: 404)', async () => {
		const fresh = await startWebFake()
		try {
			const env = fakeWebEnv(fresh.url)
			const endpointsOf = { apiBase: env.YOUTUBE_API_BASE!, oembedUrl: env.YOUTUBE_OEMBED_URL!, transcriptBase: env.YOUTUBE_TRANSCRIPT_BASE! }
			expect(await errorCode(createYoutubeClient({ ...endpointsOf, apiKey: 'k' }).video('zzzzzzzzzzz'))).toBe('unreachable')
			expect(await errorCode(createYoutubeClient(endpointsOf).video('zzzzzzzzzzz'))).toBe('unreachable')
			// A rejected key (403) too.
			fresh.setPage('/youtube/v3/videos', { status: 403, contentType: 'application/json', body: '{"error":{"code":403}}' })
			expect(await errorCode(createYoutubeClient({ ...endpointsOf, apiKey: 'falsch' }).video(FAKE_VIDEO.id))).toBe('unreachable')
		} finally {
			await fresh.close()
		}
	})

	it.each([[''], ['abc'], ['dQw4w9WgXcQx'], ['dQw4w9WgXc!'], ['../../etc/p'], ['dQw4w9WgXc&'], [`${FAKE_VIDEO.id}&key=x`], ['https://evil.example/x']])(
		'refuses the id %j without any request',
		async (id) => {
			const youtube = client('k')
			expect(await errorCode(youtube.video(id))).toBe('invalid_url')
			expect(calls).toEqual([])
		},
	)

	it('reports a host that does not answer as unreachable', async () => {
		const closed = await startWebFake()
		const url = closed.url
		await closed.close()
		const env = fakeWebEnv(url)
		const youtube = createYoutubeClient({ apiBase: env.YOUTUBE_API_BASE!, oembedUrl: env.YOUTUBE_OEMBED_URL!, transcriptBase: url })
		expect(await errorCode(youtube.video(FAKE_VIDEO.id))).toBe('unreachable')
	})
})

describe('parseTimedText', () => {
	it('joins the <text> lines and decodes entities, also double-escaped ones', () => {
		const xml = '<?xml version="1.0" encoding="utf-8" ?><transcript><text start="0" dur="2">Hallo &amp;amp; willkommen</text><text start="2" dur="2">It&amp;#39;s   „KI“\n im Alltag</text><text start="4" dur="1"> </text></transcript>'
		expect(parseTimedText(xml)).toBe('Hallo & willkommen It\'s „KI“ im Alltag')
	})

	it('returns null without lines and cuts long transcripts', () => {
		expect(parseTimedText('<transcript></transcript>')).toBeNull()
		expect(parseTimedText('')).toBeNull()
		const long = `<transcript>${'<text start="0" dur="1">Ein langer Satz über den Mittelstand.</text>'.repeat(1000)}</transcript>`
		expect(parseTimedText(long)!.length).toBeLessThanOrEqual(TRANSCRIPT_MAX)
	})
})

describe('createWebReader().youtube', () => {
	it('reads the fake video through the configured endpoints', async () => {
		const fresh = await startWebFake()
		try {
			const env = fakeWebEnv(fresh.url)
			const reader = createWebReader({
				youtube: { apiKey: 'k', apiBase: env.YOUTUBE_API_BASE!, oembedUrl: env.YOUTUBE_OEMBED_URL!, transcriptBase: env.YOUTUBE_TRANSCRIPT_BASE! },
			})
			const video = await reader.youtube(FAKE_VIDEO.id)
			expect(video.title).toBe('Wie KI den Mittelstand verändert')
			expect(video.transcript).toContain('künstliche Intelligenz im Mittelstand')
		} finally {
			await fresh.close()
		}
	})
})
