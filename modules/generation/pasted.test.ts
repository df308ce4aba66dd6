import { expect, test } from 'vitest'
import type { AiProviders } from '#modules/ai/index.ts'
import type { WebReader } from '#modules/media/index.ts'
import { extract, validateInput } from './extract.server.ts'
import type { GenerationInput } from './input.ts'

const unreadable: WebReader = {
	article: () => Promise.reject(new Error('must not be fetched')),
	youtube: () => Promise.reject(new Error('must not be fetched')),
	image: () => Promise.reject(new Error('must not be fetched')),
}
const base: GenerationInput = { requestId: crypto.randomUUID(), kind: 'youtube', platforms: ['linkedin'], agentId: null, prompt: '', url: '', notes: '', article: null, document: null, image: null, audio: null }
const ai = {} as AiProviders

test('pasted text of a video or article is the source instead of fetching it, with or without the address', async () => {
	const video = await extract({ ...base, url: 'https://www.youtube.com/watch?v=abcdefghijk', pasted: '  Transkript: Wir bauen eine Werkstatt.  ' }, { web: unreadable, ai })
	expect(video.source).toEqual({ kind: 'youtube', title: null, text: 'Transkript: Wir bauen eine Werkstatt.', origin: 'https://www.youtube.com/watch?v=abcdefghijk' })
	const article = await extract({ ...base, kind: 'web-article', pasted: 'Artikeltext' }, { web: unreadable, ai })
	expect(article.source).toMatchObject({ kind: 'web-article', text: 'Artikeltext', origin: null })
	expect(validateInput({ ...base, pasted: 'Text' })).toBeNull()
	expect(validateInput({ ...base, kind: 'web-article', pasted: 'Text' })).toBeNull()
	expect(validateInput({ ...base, pasted: '   ' })).toBe('url_required')
	// Other kinds ignore it.
	expect(validateInput({ ...base, kind: 'smart-post', pasted: 'Text' })).toBe('prompt_required')
})
