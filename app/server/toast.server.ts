import { redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { toastCookie } from './cookies.server.ts'

export const ToastSchema = z.object({
	type: z.enum(['success', 'error', 'info']).default('info'),
	title: z.string().max(200),
	description: z.string().max(500).optional(),
})
export type Toast = z.input<typeof ToastSchema>

export async function toastHeaders(context: Readonly<RouterContextProvider>, toast: Toast) {
	return { 'Set-Cookie': await toastCookie(context).serialize(ToastSchema.parse(toast)) }
}

export async function redirectWithToast(context: Readonly<RouterContextProvider>, url: string, toast: Toast, init?: ResponseInit) {
	const headers = new Headers(init?.headers)
	headers.append('Set-Cookie', (await toastHeaders(context, toast))['Set-Cookie'])
	return redirect(url, { ...init, headers })
}

/** Reads the flash toast and returns the header that clears it. */
export async function readToast(request: Request, context: Readonly<RouterContextProvider>) {
	const cookie = toastCookie(context)
	const raw = await cookie.parse(request.headers.get('Cookie'))
	const parsed = ToastSchema.safeParse(raw)
	if (!parsed.success) return { toast: null, headers: null }
	return { toast: parsed.data, headers: { 'Set-Cookie': await cookie.serialize('', { maxAge: 0 }) } }
}
