import net from 'node:net'
import { PlatformError, type AccountLimits } from '#modules/publishing/ports.ts'
import { isInsecureHostAllowed } from '../insecure-hosts.ts'
import { str, num, type Json, type MastodonClient } from './client.ts'
import { invalid, isUnreachableHost } from './errors.ts'

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
const CACHE_MS = 60 * 60_000

/**
 * The host of what a user typed for their instance: 'mastodon.social', 'https://chaos.social/',
 * '@anna@chaos.social' or 'anna@chaos.social'; trimmed, lower case, IDN as punycode (URL does it).
 * IP literals and single names pass here: the safe fetcher refuses private ones ('server_blocked').
 */
export function hostOfInput(input: string): string {
	let text = input.trim().toLowerCase()
	if (!text.includes('://') && text.includes('@')) text = text.slice(text.lastIndexOf('@') + 1)
	if (!/^[a-z][a-z0-9+.-]*:\/\//.test(text)) text = `https://${text}`
	if (!URL.canParse(text)) throw invalid('server_invalid', `not a host name: ${input.slice(0, 100)}`)
	const url = new URL(text)
	const host = url.hostname
	const ip = net.isIP(host.replace(/^\[|\]$/g, '')) !== 0
	const valid =
		(url.protocol === 'https:' || url.protocol === 'http:') &&
		!url.username &&
		!url.password &&
		!url.port &&
		host.length <= 253 &&
		(ip || host.split('.').every((label) => LABEL.test(label)))
	if (!valid) throw invalid('server_invalid', `not a host name: ${input.slice(0, 100)}`)
	return host
}

/**
 * A self-hosted instance development allows (DEV_INSECURE_HOSTS, e.g. 'localhost:3000'): its origin,
 * over http unless https was typed; null for every other input (those follow hostOfInput's rules).
 */
export function insecureServerOf(input: string, insecureHosts: ReadonlyArray<string>): string | null {
	if (!insecureHosts.length) return null
	const text = input.trim().toLowerCase()
	const typed = /^https?:\/\//.test(text) ? text : `http://${text}`
	if (!URL.canParse(typed)) return null
	const url = new URL(typed)
	return isInsecureHostAllowed(url, insecureHosts) && !url.username && !url.password ? url.origin : null
}

/** What the instance takes of a video (configuration.media_attachments); null: not stated. */
export type VideoLimits = { maxBytes: number | null; types: Array<string> | null }

export type InstanceInfo = { domain: string; limits: AccountLimits; video: VideoLimits }

/** GET /api/v2/instance, remembered per server for an hour (the text limit is checked before every post). */
export function createInstanceReader(client: MastodonClient, insecureHosts: ReadonlyArray<string> = []) {
	const cache = new Map<string, { at: number; info: InstanceInfo }>()

	async function read(server: string): Promise<InstanceInfo> {
		const cached = cache.get(server)
		if (cached && Date.now() - cached.at < CACHE_MS) return cached.info
		const body = await client.request(server, '/api/v2/instance')
		const domain = str(body.domain)
		if (!domain) throw invalid('server_not_found', `${server} answers /api/v2/instance without a domain`)
		const info = { domain, limits: limitsOf(body), video: videoLimitsOf(body) }
		cache.set(server, { at: Date.now(), info })
		return info
	}

	/** The base URL of the instance the user named, checked to answer as Mastodon. */
	async function resolve(input: string): Promise<string> {
		const server = insecureServerOf(input, insecureHosts) ?? `https://${hostOfInput(input)}`
		try {
			await read(server)
		} catch (error) {
			// A refused address stays 'server_blocked'; a busy instance is worth another try later.
			if (error instanceof PlatformError && (error.code === 'server_blocked' || error.code === 'server_error' || error.code === 'rate_limited')) throw error
			if (error instanceof PlatformError || isUnreachableHost(error)) {
				throw invalid('server_not_found', `${server}: ${error instanceof Error ? error.message : String(error)}`)
			}
			throw error
		}
		return server
	}

	return { read, resolve }
}

export type InstanceReader = ReturnType<typeof createInstanceReader>

function limitsOf(body: Json): AccountLimits {
	const configuration = (body.configuration ?? {}) as Json
	const statuses = (configuration.statuses ?? {}) as Json
	const media = (configuration.media_attachments ?? {}) as Json
	const types = Array.isArray(media.supported_mime_types) ? (media.supported_mime_types as Array<unknown>) : null
	return {
		textLimit: positive(statuses.max_characters),
		urlLength: positive(statuses.characters_reserved_per_url),
		maxImages: positive(statuses.max_media_attachments),
		imageMaxBytes: positive(media.image_size_limit),
		imageFormats: types ? types.filter((t): t is string => typeof t === 'string' && t.startsWith('image/')) : null,
	}
}

function videoLimitsOf(body: Json): VideoLimits {
	const media = ((body.configuration ?? {}) as Json).media_attachments as Json | undefined
	const types = Array.isArray(media?.supported_mime_types) ? (media.supported_mime_types as Array<unknown>) : null
	return {
		maxBytes: positive(media?.video_size_limit),
		types: types ? types.filter((t): t is string => typeof t === 'string' && t.startsWith('video/')) : null,
	}
}

function positive(value: unknown) {
	const n = num(value)
	return n !== null && n > 0 ? Math.floor(n) : null
}
