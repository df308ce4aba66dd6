import { TextField } from '@radix-ui/themes'
import { NavIcon } from '#app/components/layout/nav-icon.tsx'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Form, useFetcher, useLocation } from 'react-router'
import type { loader as searchLoader } from '#app/routes/api.search.ts'
import './search.css'
import '#locales/ns/layout.ts'

// The list of hits (and its strings) is fetched when the field gets the focus: most page views never search.
const loadSuggestions = () => import('./search-suggestions.tsx')
const SearchSuggestions = lazy(() => loadSuggestions().then((module) => ({ default: module.SearchSuggestions })))

const MIN_LENGTH = 2
const DEBOUNCE_MS = 200

/**
 * The header's search box: as you type (debounced) the best 8 hits in a list under the field
 * (arrow keys move, Enter opens the chosen hit or else the results page /suche, Escape closes).
 */
export function HeaderSearch() {
	const { t } = useTranslation('layout')
	const fetcher = useFetcher<typeof searchLoader>()
	const { load } = fetcher
	const location = useLocation()
	const listId = useId()
	const wrapper = useRef<HTMLDivElement>(null)
	const [value, setValue] = useState('')
	// Open for the page it was opened on: any navigation closes the list without an effect.
	const [openOn, setOpenOn] = useState<string | null>(null)
	const [active, setActive] = useState(-1)
	const q = value.trim()
	const searchable = q.length >= MIN_LENGTH

	useEffect(() => {
		if (!searchable) return
		const timer = setTimeout(() => void load(`/api/search?q=${encodeURIComponent(q)}`), DEBOUNCE_MS)
		return () => clearTimeout(timer)
	}, [q, searchable, load])

	const data = searchable ? fetcher.data : undefined
	const results = data?.results ?? []
	const current = data?.q === q
	const open = openOn === location.key && searchable
	const activeIndex = active < results.length ? active : -1
	const close = () => {
		setOpenOn(null)
		setActive(-1)
	}

	function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
		if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
			event.preventDefault()
			setOpenOn(location.key)
			if (results.length === 0) return
			const step = event.key === 'ArrowDown' ? 1 : -1
			// Positions 0..n-1 are the hits, n is "none": the keys cycle through all of them.
			const n = results.length
			const next = ((activeIndex === -1 ? n : activeIndex) + step + n + 1) % (n + 1)
			setActive(next === n ? -1 : next)
		} else if (event.key === 'Escape') {
			if (open) event.preventDefault()
			close()
		} else if (event.key === 'Enter' && open && activeIndex >= 0) {
			// The chosen hit is a link of the list (its click closes the list); while the list's code is
			// still on its way, Enter sends the form to the results page.
			const option = document.getElementById(`${listId}-${activeIndex}`)
			if (!option) return
			event.preventDefault()
			option.click()
		}
	}

	return (
		<div className="header-search" ref={wrapper}>
			<Form method="get" action="/suche" role="search" onSubmit={close}>
				<TextField.Root
					name="q"
					value={value}
					onChange={(event) => {
						setValue(event.target.value)
						setOpenOn(location.key)
						setActive(-1)
					}}
					onFocus={() => {
						void loadSuggestions()
						setOpenOn(location.key)
					}}
					onBlur={(event) => {
						if (!wrapper.current?.contains(event.relatedTarget as Node | null)) close()
					}}
					onKeyDown={onKeyDown}
					placeholder={t('search.placeholder')}
					aria-label={t('search.label')}
					maxLength={200}
					autoComplete="off"
					role="combobox"
					aria-autocomplete="list"
					aria-expanded={open}
					aria-controls={listId}
					aria-activedescendant={open && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
				>
					<TextField.Slot>
						<NavIcon name="search" size={16} />
					</TextField.Slot>
				</TextField.Root>
			</Form>
			{open ? (
				<Suspense>
					<SearchSuggestions
						listId={listId}
						q={q}
						results={results}
						activeIndex={activeIndex}
						status={results.length > 0 ? null : current && fetcher.state === 'idle' ? (data?.limited ? 'limited' : 'noResults') : 'loading'}
						onActivate={setActive}
						onClose={close}
					/>
				</Suspense>
			) : null}
		</div>
	)
}
