import type { GenerationEvent, GenerationOutcome, GenerationStep, RegenerationOutcome } from '#modules/generation/outcome.ts'

// The browser side of /api/generations: NDJSON lines of steps, then the outcome.

export type StreamResult = { kind: 'outcome'; outcome: GenerationOutcome } | { kind: 'network' }

/** Sends the form and reads the stream; any status counts as long as a 'done' line arrives (413 sends one too). */
export async function streamGeneration(form: FormData, onStep: (step: GenerationStep) => void): Promise<StreamResult> {
	let response: Response
	try {
		response = await fetch('/api/generations', { method: 'POST', body: form, headers: { Accept: 'application/x-ndjson' } })
	} catch {
		return { kind: 'network' }
	}
	let outcome: GenerationOutcome | null = null
	const handle = (line: string) => {
		if (!line.trim()) return
		let event: GenerationEvent
		try {
			event = JSON.parse(line) as GenerationEvent
		} catch {
			return
		}
		if (event.type === 'step') onStep(event.step)
		else if (event.type === 'done') outcome = event.outcome
	}
	if (response.body) {
		const reader = response.body.getReader()
		const decoder = new TextDecoder()
		let buffer = ''
		try {
			for (;;) {
				const { value, done } = await reader.read()
				buffer += done ? decoder.decode() : decoder.decode(value, { stream: true })
				let newline
				while ((newline = buffer.indexOf('\n')) >= 0) {
					handle(buffer.slice(0, newline))
					buffer = buffer.slice(newline + 1)
				}
				if (done) break
			}
			handle(buffer)
		} catch {
			// The connection broke mid-stream: the server goes on, a retry with the same requestId gets its result.
			if (!outcome) return { kind: 'network' }
		}
	}
	// No outcome line (e.g. the session expired and the answer is a page): a failure, not a network error.
	return { kind: 'outcome', outcome: outcome ?? { ok: false, code: 'failed' } }
}

export async function regenerateImage(fields: { requestId: string; platform: string; content: string; agentId: string }): Promise<RegenerationOutcome | null> {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	try {
		const response = await fetch('/api/generations/image', { method: 'POST', body: form, headers: { Accept: 'application/json' } })
		const body = (await response.json()) as RegenerationOutcome
		return typeof body?.ok === 'boolean' ? body : { ok: false, code: 'failed' }
	} catch {
		return null
	}
}
