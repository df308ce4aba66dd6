import { useCallback, useEffect, useRef } from 'react'

/** Lets an event handler await a fetcher's next answer (a fetcher hands its data only to the render). */
export function useNextFetcherData<T>(data: T | undefined) {
	const waiting = useRef<Array<(data: T | undefined) => void>>([])
	const seen = useRef(data)
	useEffect(() => {
		if (data === seen.current) return
		seen.current = data
		const resolvers = waiting.current
		waiting.current = []
		for (const resolve of resolvers) resolve(data)
	}, [data])
	return useCallback(() => new Promise<T | undefined>((resolve) => waiting.current.push(resolve)), [])
}
