import type { ProblemBody } from '#app/server/api/problem.server.ts'
import { toolError, type McpCall } from '../tool.server.ts'

// A REST function's refusal (a problem response, returned or thrown as readJson does) as a tool error:
// the German detail, the fields' or networks' reasons as lines, and the problem's code.

async function toolErrorOf(call: McpCall, response: Response) {
	const body = (await response.json()) as ProblemBody
	// The tools' own wording (it names drafts too), as get_post and publish_post answer it.
	if (body.code === 'not_found') return toolError(call.t('errors.notFound'), { code: body.code })
	if (body.code === 'preflight' && body.reasons?.length) return toolError([call.t('errors.refused'), ...body.reasons.map((r) => `- ${r}`)].join('\n'), { code: body.code, reasons: body.reasons })
	const lines = [...(body.errors ?? []).map((e) => `- ${e.field}: ${e.message}`), ...(body.reasons ?? []).map((r) => `- ${r}`)]
	return toolError([body.detail, ...lines].join('\n'), { code: body.code, ...(body.reasons ? { reasons: body.reasons } : {}) })
}

/** Runs `step`; null when it went through, else its refusal as a tool error. */
export async function refusalOf(call: McpCall, step: () => Promise<Response | null>) {
	try {
		const refused = await step()
		return refused ? toolErrorOf(call, refused) : null
	} catch (error) {
		if (error instanceof Response) return toolErrorOf(call, error)
		throw error
	}
}
