import { z } from 'zod'
import type { Route } from './+types/api.documents.check'
import { servicesContext } from '#app/context.ts'
import { readFormDataWithin } from '#app/server/body-limit.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import type { DocumentCheck } from '#modules/generation/index.ts'
import { DOCUMENT_MAX_BYTES } from '#modules/media/kinds.ts'

// The creator's upload step (issue 37, 4.2): POST one `document`, answers whether the generation
// will be able to read it, with the code of its German message (generation:errors). Refusals of
// the file answer 200 with ok false (the page shows them inline); a broken request answers 400.

/** The document plus the multipart framing. */
const MAX_BODY = DOCUMENT_MAX_BYTES + 64 * 1024

const noStore = { 'Cache-Control': 'no-store' }

type Answer = DocumentCheck | { ok: false; code: 'request_too_large' | 'rate_limited' | 'failed' }

const FormSchema = z.object({ document: z.instanceof(File).refine((file) => file.size > 0) })

const answer = (body: Answer, status = 200) => Response.json(body, { status, headers: noStore })

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } })
	const form = await readFormDataWithin(request, MAX_BODY, { refused: () => answer({ ok: false, code: 'failed' }, 400) })
	if (form === 'too_large') return answer({ ok: false, code: 'document_too_large' }, 413)
	const parsed = FormSchema.safeParse({ document: form?.get('document') })
	if (!parsed.success) return answer({ ok: false, code: 'failed' }, 400)
	const { generation } = context.get(servicesContext)
	const admitted = await generation.admit(user.id, 'documentCheck')
	if (!admitted.ok) return answer({ ok: false, code: 'rate_limited' }, 429)
	const file = parsed.data.document
	return answer(await generation.checkDocument({ name: file.name.slice(0, 255), bytes: new Uint8Array(await file.arrayBuffer()) }))
}

export function loader() {
	return new Response(null, { status: 405, headers: { Allow: 'POST' } })
}
