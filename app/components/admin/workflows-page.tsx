import { Code, Dialog, Link as ThemeLink, Table } from '@radix-ui/themes'
import { Badge, Card, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { CheckCircle2, CircleOff } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { CounterCards } from '#app/components/admin/counter-cards.tsx'
import { DialogCloseButton } from '#app/components/admin/form-dialog-parts.tsx'
import { LoadError } from '#app/components/load-error.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { formatDateTime } from '#app/utils/format.ts'
import type { AdminWorkflow, WorkflowCounts, WorkflowItem } from '#modules/admin/index.ts'
import '#locales/ns/adminWorkflows.ts'

type Props = { workflows: Array<AdminWorkflow>; counts: WorkflowCounts; timeZone: string; loadFailed: boolean }

const DATE = 'dd.MM.yyyy'

/** The read-only workflows page: counters, the table and a workflow's steps and triggers in a dialog. */
export function WorkflowsPage({ workflows, counts, timeZone, loadFailed }: Props) {
	const { t } = useTranslation('adminWorkflows')
	const [open, setOpen] = useState<AdminWorkflow | null>(null)
	return (
		<Flex direction="column" gap="4">
			<PageHeader title={t('title')} subtitle={t('subtitle')} />
			{loadFailed ? (
				<LoadError title={t('errorTitle')} text={t('loadFailed')} />
			) : (
				<>
					<CounterCards
						testId="workflow-count"
						counters={[
							{ key: 'total', label: t('counts.total'), value: counts.total },
							{ key: 'active', label: t('counts.active'), value: counts.active },
							{ key: 'inactive', label: t('counts.inactive'), value: counts.inactive },
							{ key: 'averageSteps', label: t('counts.averageSteps'), value: counts.averageSteps },
						]}
					/>
					{workflows.length === 0 ? (
						<Card>
							<Text color="gray">{t('empty')}</Text>
						</Card>
					) : (
						<Table.Root variant="surface" data-testid="workflows">
							<Table.Header>
								<Table.Row>
									<Table.ColumnHeaderCell>{t('table.name')}</Table.ColumnHeaderCell>
									<Table.ColumnHeaderCell>{t('table.description')}</Table.ColumnHeaderCell>
									<Table.ColumnHeaderCell>{t('table.steps')}</Table.ColumnHeaderCell>
									<Table.ColumnHeaderCell>{t('table.triggers')}</Table.ColumnHeaderCell>
									<Table.ColumnHeaderCell>{t('table.status')}</Table.ColumnHeaderCell>
									<Table.ColumnHeaderCell>{t('table.created')}</Table.ColumnHeaderCell>
									<Table.ColumnHeaderCell>{t('table.updated')}</Table.ColumnHeaderCell>
								</Table.Row>
							</Table.Header>
							<Table.Body>
								{workflows.map((workflow) => (
									<Table.Row key={workflow.id} data-testid="workflow-row" data-name={workflow.name}>
										<Table.RowHeaderCell>
											<Flex gap="2" align="center">
												{workflow.isActive ? (
													<CheckCircle2 size={16} color="var(--green-9)" role="img" aria-label={t('status.active')} style={{ flexShrink: 0 }} />
												) : (
													<CircleOff size={16} color="var(--gray-9)" role="img" aria-label={t('status.inactive')} style={{ flexShrink: 0 }} />
												)}
												<ThemeLink asChild weight="medium">
													<button type="button" onClick={() => setOpen(workflow)} style={{ all: 'unset', cursor: 'pointer' }} aria-label={t('table.details', { name: workflow.name })}>
														{workflow.name}
													</button>
												</ThemeLink>
											</Flex>
										</Table.RowHeaderCell>
										<Table.Cell>
											<Text size="2" color={workflow.description ? undefined : 'gray'}>
												{workflow.description || t('table.noDescription')}
											</Text>
										</Table.Cell>
										<Table.Cell data-testid="workflow-steps">{workflow.steps.length}</Table.Cell>
										<Table.Cell data-testid="workflow-triggers">{workflow.triggers.length}</Table.Cell>
										<Table.Cell>
											<Badge color={workflow.isActive ? 'green' : 'gray'}>{t(workflow.isActive ? 'status.active' : 'status.inactive')}</Badge>
										</Table.Cell>
										<Table.Cell>{formatDateTime(workflow.createdAt, timeZone, DATE)}</Table.Cell>
										<Table.Cell>{formatDateTime(workflow.updatedAt, timeZone, DATE)}</Table.Cell>
									</Table.Row>
								))}
							</Table.Body>
						</Table.Root>
					)}
				</>
			)}
			<Dialog.Root open={open !== null} onOpenChange={(next) => (next ? null : setOpen(null))}>
				<Dialog.Content maxWidth="720px">
					{open ? <WorkflowDetails workflow={open} /> : null}
					<DialogCloseButton label={t('details.close')} />
				</Dialog.Content>
			</Dialog.Root>
		</Flex>
	)
}

function WorkflowDetails({ workflow }: { workflow: AdminWorkflow }) {
	const { t } = useTranslation('adminWorkflows')
	return (
		<Flex direction="column" gap="3">
			<Dialog.Title mb="0">{workflow.name}</Dialog.Title>
			<Dialog.Description size="2">{workflow.description || t('table.noDescription')}</Dialog.Description>
			<Heading as="h3" size="3">
				{t('details.triggers')}
			</Heading>
			<ItemList items={workflow.triggers} ordered={false} empty={t('details.noTriggers')} label={(item) => (item.kind ? t(`triggerTypes.${item.kind}` as 'triggerTypes.cron', { defaultValue: item.kind }) : item.name)} />
			<Heading as="h3" size="3">
				{t('details.steps')}
			</Heading>
			<ItemList items={workflow.steps} ordered empty={t('details.noSteps')} label={(item) => item.name} />
		</Flex>
	)
}

function ItemList({ items, ordered, empty, label }: { items: Array<WorkflowItem>; ordered: boolean; empty: string; label: (item: WorkflowItem) => string }) {
	if (items.length === 0) return <Text color="gray">{empty}</Text>
	const List = ordered ? 'ol' : 'ul'
	return (
		<List style={{ margin: 0, paddingLeft: 'var(--space-5)', display: 'flex', flexDirection: 'column', gap: 'var(--space-2)' }}>
			{items.map((item, index) => (
				<li key={index}>
					<Text as="div" size="2" weight="medium">
						{label(item)}
						{item.detail ? (
							<>
								{' '}
								<Code size="1" variant="ghost">
									{item.detail}
								</Code>
							</>
						) : null}
					</Text>
					{item.description ? (
						<Text as="div" size="2" color="gray">
							{item.description}
						</Text>
					) : null}
				</li>
			))}
		</List>
	)
}
