import { z } from 'zod'
import type { Route } from './+types/posts.$id.document'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { documentRefusalMessage, documentRefusalStatus } from '#app/server/post-document.server.ts'
import { DOCUMENT_SLIDES_MAX, SlidesSchema } from '#modules/content/index.ts'

// A post's PDF document (issue 39 item 4, ADR 0055): GET what the dialog opens with (the slides, saved
// or split from the post, the brand's look, the networks taking documents); POST 'save' renders the
// edited slides and stores the document, 'attach' makes an uploaded PDF (/api/media) the document.
// Answers { ok: true, document } or { ok: false, message } in German.

const headers = { 'Cache-Control': 'private, no-store' }
const REQUEST_ID = z.uuid()

const ActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('save'), requestId: REQUEST_ID, slides: z.string().max(200_000) }),
	z.object({ intent: z.literal('attach'), requestId: REQUEST_ID, fileKey: z.string().min(1).max(1024) }),
])

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const editor = z.uuid().safeParse(params.id).success ? await context.get(servicesContext).postDocuments.editor(user.id, params.id) : null
	if (!editor) return Response.json({ message: getInstance(context).t('postDocument:errors.not_found') }, { status: 404, headers })
	return Response.json(editor, { headers })
}

export async function action({ request, context, params }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const t = getInstance(context).t
	// The shared form reader: a form of a shape no page sends (too deep names, too many fields) is
	// refused before it is parsed, in the dialog's own answer shape.
	const { submission } = await parseForm(request, ActionSchema, { refused: () => Response.json({ ok: false, message: t('api:pages.formRefused') }, { status: 400, headers }) })
	const invalid = () => Response.json({ ok: false, message: t('postDocument:errors.invalid', { count: DOCUMENT_SLIDES_MAX }) }, { status: 400, headers })
	if (submission.status !== 'success' || !z.uuid().safeParse(params.id).success) return invalid()
	const form = submission.value
	const documents = context.get(servicesContext).postDocuments
	let result
	if (form.intent === 'save') {
		const slides = SlidesSchema.safeParse(parseJson(form.slides))
		if (!slides.success) return invalid()
		result = await documents.make(user.id, { postId: params.id, requestId: form.requestId, slides: slides.data })
	} else {
		result = await documents.attachUploaded(user.id, { postId: params.id, requestId: form.requestId, fileKey: form.fileKey })
	}
	if (!result.ok) return Response.json({ ok: false, message: documentRefusalMessage(getInstance(context).getFixedT(null, 'postDocument'), result) }, { status: documentRefusalStatus(result), headers })
	return Response.json({ ok: true, document: result.document }, { headers })
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text)
	} catch {
		return null
	}
}
