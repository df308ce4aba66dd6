import { useCallback, useEffect, useRef, useState } from 'react'
import { newDraftId as newRequestId } from '#app/components/onboarding/draft-text.ts'

// Creating forms send a request id made in the browser: a double submit, or a retry of a request
// whose answer was lost, sends the same id and the server creates once (docs/decisions/0001-idempotent-writes.md).
// Once the server answered (success or a refusal), the next submit is a new request with a new id.

/**
 * The request id of a form's hidden field: one per form instance, a new one after each answer
 * (`answer`: the fetcher's data). Empty in the server render and until the page is hydrated (an id
 * made on the server would differ from the browser's); a form sent before that is refused.
 */
export function useRequestId(answer: unknown) {
	const [id, setId] = useState('')
	const seen = useRef(answer)
	useEffect(() => {
		if (id && seen.current === answer) return
		seen.current = answer
		setId(newRequestId())
	}, [answer, id])
	return id
}

/**
 * Request ids for submits made in code: `requestIdFor(key)` gives the id of the pending request for
 * `key` (what is being created, e.g. a draft's id), the same until an answer arrives; another key
 * or an answer starts a new one.
 */
export function useRequestIds(answer: unknown) {
	const pending = useRef<{ key: string; id: string } | null>(null)
	const seen = useRef(answer)
	useEffect(() => {
		if (seen.current === answer) return
		seen.current = answer
		pending.current = null
	}, [answer])
	return useCallback((key = '') => {
		if (pending.current?.key !== key) pending.current = { key, id: newRequestId() }
		return pending.current.id
	}, [])
}
