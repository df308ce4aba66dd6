import { Box, Button, Callout, Card, Flex, Grid, Text, TextField } from '@radix-ui/themes'
import { Plus, Search } from 'lucide-react'
import { useCallback, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useSubmit } from 'react-router'
import { PageHeader } from '#app/components/page-header.tsx'
import type { AdminToolConfig } from '#modules/toolbox/index.ts'
import { ToolConfigCard } from './tool-config-card.tsx'
import { ToolConfigDialog } from './tool-config-dialog.tsx'
import { ToolConfigTable } from './tool-config-table.tsx'
import type { ToolConfigsPageData } from './types.ts'

/** 'Toolboxen verwalten': counters, search, the card grid, the table of all configs and the create/edit dialog. */
export function ToolConfigsPage({ configs, matchingIds, counts, search, timeZone, loadFailed }: ToolConfigsPageData) {
	const { t } = useTranslation('adminToolbox')
	const submit = useSubmit()
	const searchId = useId()
	const searchForm = useRef<HTMLFormElement>(null)
	// undefined: dialog closed; null: create; a config: edit.
	const [editing, setEditing] = useState<AdminToolConfig | null | undefined>(undefined)
	const close = useCallback(() => setEditing(undefined), [])
	const matching = new Set(matchingIds)
	const cards = configs.filter((c) => matching.has(c.id))
	const counters = [
		['total', counts.total],
		['available', counts.available],
		['categories', counts.categories],
		['engagement', counts.engagement],
	] as const

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

			<Grid columns={{ initial: '2', md: '4' }} gap="3" data-testid="tool-config-counts">
				{counters.map(([key, value]) => (
					<Card key={key} data-testid={`tool-config-count-${key}`}>
						<Text as="div" size="1" color="gray">
							{t(`counts.${key}`)}
						</Text>
						<Text as="div" size="7" weight="bold" data-testid="count-value">
							{value.toLocaleString('de-CH')}
						</Text>
					</Card>
				))}
			</Grid>

			<Form ref={searchForm} method="get" replace preventScrollReset onChange={(event) => void submit(event.currentTarget, { replace: true, preventScrollReset: true })}>
				<Flex direction="column" gap="1">
					<Text as="label" htmlFor={searchId} size="2" color="gray">
						{t('search.label')}
					</Text>
					<Flex gap="2" align="center" wrap="wrap">
						<Box flexGrow="1" minWidth="240px">
							<TextField.Root id={searchId} name="q" type="search" defaultValue={search} maxLength={200} placeholder={t('search.placeholder')}>
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
									const form = searchForm.current
									if (!form) return
									form.reset()
									;(form.elements.namedItem('q') as HTMLInputElement).value = ''
									void submit(form, { replace: true, preventScrollReset: true })
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
