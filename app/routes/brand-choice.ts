import { data, redirect } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/brand-choice'
import { servicesContext } from '#app/context.ts'
import { chooseBrandHeader } from '#app/server/brand-choice.server.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireUser } from '#app/server/guards.server.ts'

// The brand switcher (header and phone bar): '' is 'Alle Marken'. An id that is not one of the user's
// brands chooses 'Alle Marken' too; pages read the cookie through the user's brands, never trust it.
const ChoiceSchema = z.object({ brandId: z.string().max(100).default('') })

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const { submission } = await parseForm(request, ChoiceSchema)
	const wanted = submission.status === 'success' ? submission.value.brandId : ''
	const brandId = (await context.get(servicesContext).brands.resolve(user.id, wanted)) ?? ''
	return data({ ok: true, brandId: brandId || null }, { headers: { 'Set-Cookie': await chooseBrandHeader(context, brandId) } })
}

export function loader() {
	throw redirect('/')
}
