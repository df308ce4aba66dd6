import Replicate from 'replicate'
import { AiError, type AiProvider, type AiProviderModule } from '#modules/ai/ports.ts'
import { aiMessages } from '../messages.ts'
import { download, outputUrl, type OutputKind } from './download.ts'
import { runPrediction } from './prediction.ts'

export type ReplicateOptions = {
	token: string
	/** Including /v1, e.g. https://api.replicate.com/v1. */
	baseUrl: string
	/** The whole job: create, polling and download of the output. */
	timeoutMs: number
	/** The first wait between polls (then ×1.5 up to 5 s); default 500 ms. */
	pollIntervalMs?: number
	/** Downloads the output files; default the global fetch. */
	fetch?: typeof fetch
}

/** Catalogue model ids to Replicate's owner/name, for rows whose parameters name no `replicate_model`. */
export const replicateModels: Record<string, string> = {
	'flux-schnell': 'black-forest-labs/flux-schnell',
	'flux-1.1-pro': 'black-forest-labs/flux-1.1-pro',
	'seedance-1-pro': 'bytedance/seedance-1-pro',
}

/** Replicate, with REPLICATE_API_TOKEN (REPLICATE_BASE_URL); video models take minutes, so at least 10 minutes per run. */
export const replicate: AiProviderModule<ReplicateOptions> = {
	name: 'replicate',
	fromEnv: (env) => (env.REPLICATE_API_TOKEN ? { token: env.REPLICATE_API_TOKEN, baseUrl: env.REPLICATE_BASE_URL, timeoutMs: Math.max(env.AI_TIMEOUT_MS, 600_000) } : null),
	create: (options) => createReplicateProvider(options),
	runsModel: (modelId) => /flux|seedance|ideogram|kling|veo|wan-/i.test(modelId),
}

/** Replicate: flux images and seedance videos, via predictions we poll ourselves. */
export function createReplicateProvider(options: ReplicateOptions): AiProvider {
	// Without useFileOutput the SDK hands back plain URL strings, in production and against the fake alike.
	const client = new Replicate({ auth: options.token, baseUrl: options.baseUrl, useFileOutput: false })
	const fetcher = options.fetch ?? fetch
	const timing = { timeoutMs: options.timeoutMs, pollIntervalMs: options.pollIntervalMs ?? 500 }

	function generate(model: string, input: Record<string, unknown>, kind: OutputKind, signal: AbortSignal | undefined) {
		return runPrediction(client, timing, { model, input, signal }, async (output, deadline) => {
			const url = outputUrl(output)
			if (!url) throw new AiError({ kind: 'transient', code: 'empty_result', message: aiMessages.emptyResult })
			return download(fetcher, url, kind, deadline)
		})
	}

	return {
		name: replicate.name,
		testMode: false,
		image: {
			async generate(request) {
				const { replicate_model, output_format, ...parameters } = request.parameters
				const input = {
					num_outputs: 1,
					...parameters,
					prompt: request.prompt,
					aspect_ratio: request.brief.aspect,
					// flux defaults to webp; JPEG is what Instagram accepts.
					output_format: 'jpg',
				}
				return generate(modelName(replicate_model, request.model), input, 'image', request.signal)
			},
		},
		video: {
			async generate(request) {
				const { replicate_model, output_format, ...parameters } = request.parameters
				const input = {
					...parameters,
					prompt: request.prompt,
					duration: request.durationSeconds,
					resolution: request.resolution,
					aspect_ratio: request.aspectRatio,
					...(request.imageUrl ? { image: request.imageUrl } : {}),
				}
				return generate(modelName(replicate_model, request.model), input, 'video', request.signal)
			},
		},
	}
}

function modelName(parameter: unknown, model: string): string {
	if (typeof parameter === 'string' && parameter.includes('/')) return parameter
	const known = replicateModels[model] ?? (/^[\w.-]+\/[\w.-]+$/.test(model) ? model : null)
	if (known) return known
	throw new AiError({ kind: 'invalid_request', code: 'unknown_model', message: aiMessages.rejected(aiMessages.reasons.unknownModel) })
}
