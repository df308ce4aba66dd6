import { Box, Button, Callout, TextField } from '@radix-ui/themes'
import { Card, Flex, Grid, Text } from '#app/components/ui/lean.tsx'
import { Plus, Search } from 'lucide-react'
import { useCallback, useId, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Form, useFetcher, useSearchParams } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { CounterCards } from '#app/components/admin/counter-cards.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import type { AdminToolConfig } from '#modules/toolbox/index.ts'
import { TOOL_CONFIG_DELETE, ToolConfigCard } from './tool-config-card.tsx'
import { ToolConfigDialog } from './tool-config-dialog.tsx'
import { ToolConfigTable } from './tool-config-table.tsx'
import type { ToolConfigsPageData, ToolConfigsReply } from './types.ts'
import '#locales/ns/adminToolbox.ts'

/** 'Toolboxen verwalten': counters, search, the card grid, the table of all configs and the create/edit dialog. */
export function ToolConfigsPage({ configs, matchingIds, counts, search, timeZone, loadFailed }: ToolConfigsPageData) {
	const { t } = useTranslation('adminToolbox')
	// A deleted configuration's card unmounts when the list reloads: its toast is said here.
	useFetcherNotice(useFetcher<ToolConfigsReply>({ key: TOOL_CONFIG_DELETE }))
	const [, setSearchParams] = useSearchParams()
	const searchId = useId()
	const searchInput = useRef<HTMLInputElement>(null)
	// The search lives in the URL (?q=), updated while typing; empty means no parameter.
	const runSearch = (value: string) =>
		setSearchParams(
			(params) => {
				if (value.trim()) params.set('q', value)
				else params.delete('q')
				return params
			},
			{ replace: true, preventScrollReset: true },
		)
	// undefined: dialog closed; null: create; a config: edit.
	const [editing, setEditing] = useState<AdminToolConfig | null | undefined>(undefined)
	const close = useCallback(() => setEditing(undefined), [])
	const matching = new Set(matchingIds)
	const cards = configs.filter((c) => matching.has(c.id))
	const counters = (['total', 'available', 'categories', 'engagement'] as const).map((key) => ({ key, label: t(`counts.${key}`), value: counts[key] }))

	return (
		<Flex direction="column" gap="4">
			<PageHeader title={t('title')} subtitle={t('subtitle')}>
				<Button onClick={() => setEditing(null)}>
					<Plus size={16} aria-hidden />
					{t('new')}
				</Button>
			</PageHeader>

			{loadFailed ? (
				<Callout.Root color="red" role="alert">
					<Callout.Text>{t('loadFailed')}</Callout.Text>
				</Callout.Root>
			) : null}

			<CounterCards counters={counters} testId="tool-config-count" />

			<Form
				method="get"
				replace
				preventScrollReset
				onSubmit={(event) => {
					event.preventDefault()
					runSearch(searchInput.current?.value ?? '')
				}}
			>
				<Flex direction="column" gap="1">
					<Text as="label" htmlFor={searchId} size="2" color="gray">
						{t('search.label')}
					</Text>
					<Flex gap="2" align="center" wrap="wrap">
						<Box flexGrow="1" minWidth="240px">
							<TextField.Root
								ref={searchInput}
								id={searchId}
								name="q"
								type="search"
								defaultValue={search}
								maxLength={200}
								placeholder={t('search.placeholder')}
								onChange={(event) => runSearch(event.currentTarget.value)}
							>
								<TextField.Slot>
									<Search size={14} aria-hidden />
								</TextField.Slot>
							</TextField.Root>
						</Box>
						<Button type="submit" variant="soft">
							{t('search.submit')}
						</Button>
						{search ? (
							<Button
								type="button"
								variant="soft"
								color="gray"
								onClick={() => {
									if (searchInput.current) searchInput.current.value = ''
									runSearch('')
								}}
							>
								{t('search.reset')}
							</Button>
						) : null}
						<Text size="2" color="gray" data-testid="tool-config-matching">
							{t('search.matching', { count: cards.length })}
						</Text>
					</Flex>
				</Flex>
			</Form>

			{cards.length === 0 && !loadFailed ? (
				<Card>
					<Text color="gray">{t('search.empty')}</Text>
				</Card>
			) : null}
			<Grid columns={{ initial: '1', sm: '2', lg: '3' }} gap="3" data-testid="tool-configs">
				{cards.map((config) => (
					<ToolConfigCard key={config.id} config={config} onEdit={() => setEditing(config)} />
				))}
			</Grid>

			{configs.length > 0 ? <ToolConfigTable configs={configs} timeZone={timeZone} onEdit={setEditing} /> : null}

			<ToolConfigDialog editing={editing} onClose={close} />
		</Flex>
	)
}
