// A zod form schema as an action reads a browser's post (conform's parseWithZod), for schema tests:
//   const { valid, errors } = formParser(MySchema)
//   expect(valid({ name: 'x' })).toMatchObject(...)
//   expect(errors({ name: '' })).toMatchObject({ name: ['errors.required'] })
import { parseWithZod } from '@conform-to/zod/v4'
import { expect } from 'vitest'
import type { z } from 'zod'

export function formParser<S extends z.ZodType>(schema: S, options: { disableAutoCoercion?: boolean } = {}) {
	const parse = (fields: Record<string, string>) => {
		const formData = new FormData()
		for (const [key, value] of Object.entries(fields)) formData.append(key, value)
		return parseWithZod(formData, { schema, ...options })
	}
	/** The parsed value; throws with the errors when the post does not validate. */
	const valid = (fields: Record<string, string>): z.output<S> => {
		const submission = parse(fields)
		if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
		return submission.value
	}
	/** The field errors (message keys) of a post that must not validate. */
	const errors = (fields: Record<string, string>) => {
		const submission = parse(fields)
		expect(submission.status).toBe('error')
		return submission.status === 'error' ? submission.error : null
	}
	return { parse, valid, errors }
}
