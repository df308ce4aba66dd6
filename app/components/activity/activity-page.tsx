import { Badge, Button, Card, Flex, Select, Table, Text } from '@radix-ui/themes'
import { AlertTriangle, CheckCircle2, History, Info, XCircle } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useSpelling } from '#app/utils/use-spelling.ts'
import { Link, useFetcher, useSearchParams } from 'react-router'
import { PageHeader } from '#app/components/page-header.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { LOG_STATUSES, LOG_TYPES, PAGE_SIZES, type ActivityLogView, type LogStatus, type PageSize, type StoredLogType } from '#modules/activity/types.ts'
import '#locales/ns/activity.ts'

type Props = {
	entries: Array<ActivityLogView>
	total: number
	page: number
	perPage: PageSize
	pageCount: number
	filters: { type: StoredLogType | null; status: LogStatus | null }
	timeZone: string
}

const ALL = 'all'
const CLAMP_LINES = 3
/** Roughly three lines of the title column at desktop width; shorter texts are never clamped. */
const CLAMP_FROM = 180
const clamped = { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: CLAMP_LINES, overflow: 'hidden' } as const

const statusColors = { success: 'green', error: 'red', warning: 'amber', info: 'blue' } as const
const statusIcons = { success: CheckCircle2, error: XCircle, warning: AlertTriangle, info: Info } as const

/** /activity-logs: the user's log entries as a table, filtered and paged through the URL query. */
export function ActivityPage({ entries, total, page, perPage, pageCount, filters, timeZone }: Props) {
	const { t } = useTranslation('activity')
	const [searchParams, setSearchParams] = useSearchParams()
	const typeId = useId()
	const statusId = useId()
	const perPageId = useId()
	const filtered = Boolean(filters.type || filters.status)

	function setParam(name: 'type' | 'status' | 'perPage', value: string | null) {
		setSearchParams(
			(params) => {
				params.delete('page')
				if (value === null) params.delete(name)
				else params.set(name, value)
				return params
			},
			{ preventScrollReset: true },
		)
	}

	function pageHref(target: number) {
		const params = new URLSearchParams(searchParams)
		if (target <= 1) params.delete('page')
		else params.set('page', String(target))
		const query = params.toString()
		return query ? `?${query}` : '.'
	}

	return (
		<Flex direction="column" gap="4">
			<PageHeader title={t('title')} subtitle={t('subtitle')} />

			<Flex gap="3" align="end" wrap="wrap" data-testid="activity-filters">
				<Flex direction="column" gap="1">
					<Text as="label" htmlFor={typeId} size="2" color="gray">
						{t('filters.type')}
					</Text>
					<Select.Root value={filters.type ?? ALL} onValueChange={(value) => setParam('type', value === ALL ? null : value)}>
						<Select.Trigger id={typeId} aria-label={t('filters.type')} />
						<Select.Content position="popper">
							<Select.Item value={ALL}>{t('filters.allTypes')}</Select.Item>
							{LOG_TYPES.map((type) => (
								<Select.Item key={type} value={type}>
									{t(`types.${type}`)}
								</Select.Item>
							))}
						</Select.Content>
					</Select.Root>
				</Flex>
				<Flex direction="column" gap="1">
					<Text as="label" htmlFor={statusId} size="2" color="gray">
						{t('filters.status')}
					</Text>
					<Select.Root value={filters.status ?? ALL} onValueChange={(value) => setParam('status', value === ALL ? null : value)}>
						<Select.Trigger id={statusId} aria-label={t('filters.status')} />
						<Select.Content position="popper">
							<Select.Item value={ALL}>{t('filters.allStatuses')}</Select.Item>
							{LOG_STATUSES.map((status) => (
								<Select.Item key={status} value={status}>
									{t(`statuses.${status}`)}
								</Select.Item>
							))}
						</Select.Content>
					</Select.Root>
				</Flex>
				<Flex direction="column" gap="1">
					<Text as="label" htmlFor={perPageId} size="2" color="gray">
						{t('filters.perPage')}
					</Text>
					<Select.Root value={String(perPage)} onValueChange={(value) => setParam('perPage', value === '20' ? null : value)}>
						<Select.Trigger id={perPageId} aria-label={t('filters.perPage')} />
						<Select.Content position="popper">
							{PAGE_SIZES.map((size) => (
								<Select.Item key={size} value={String(size)}>
									{t('filters.perPageOption', { count: size })}
								</Select.Item>
							))}
						</Select.Content>
					</Select.Root>
				</Flex>
				{filtered ? (
					<Button variant="soft" color="gray" asChild>
						<Link to={perPage === 20 ? '.' : `?perPage=${perPage}`} preventScrollReset>
							{t('filters.reset')}
						</Link>
					</Button>
				) : null}
				<Text size="2" color="gray" ml="auto" data-testid="activity-total">
					{t('count', { count: total })}
				</Text>
			</Flex>

			{entries.length === 0 ? (
				<Card size="3" data-testid="activity-empty">
					<Flex direction="column" align="center" gap="2" py="6">
						<History size={36} aria-hidden />
						<Text weight="bold">{filtered ? t('empty.filtered') : t('empty.title')}</Text>
						{filtered ? null : (
							<Text color="gray" align="center">
								{t('empty.text')}
							</Text>
						)}
					</Flex>
				</Card>
			) : (
				<Card>
					<Table.Root variant="ghost">
						<Table.Header>
							<Table.Row>
								<Table.ColumnHeaderCell>{t('columns.type')}</Table.ColumnHeaderCell>
								<Table.ColumnHeaderCell>{t('columns.status')}</Table.ColumnHeaderCell>
								<Table.ColumnHeaderCell>{t('columns.title')}</Table.ColumnHeaderCell>
								<Table.ColumnHeaderCell>{t('columns.date')}</Table.ColumnHeaderCell>
								<Table.ColumnHeaderCell>{t('columns.actions')}</Table.ColumnHeaderCell>
							</Table.Row>
						</Table.Header>
						<Table.Body>
							{entries.map((entry) => (
								<EntryRow key={entry.id} entry={entry} timeZone={timeZone} />
							))}
						</Table.Body>
					</Table.Root>
				</Card>
			)}

			<Pagination
				page={page}
				pageCount={pageCount}
				hrefFor={pageHref}
				testId="activity-pagination"
				labels={{ nav: t('pagination.label'), previous: t('pagination.previous'), next: t('pagination.next'), page: (n) => t('pagination.page', { page: n }), summary: t('pagination.summary', { page, pageCount }) }}
			/>
		</Flex>
	)
}

function EntryRow({ entry, timeZone }: { entry: ActivityLogView; timeZone: string }) {
	// The title was written by the product in the standard spelling; the description may quote the user.
	const { spell } = useSpelling()
	const { t } = useTranslation('activity')
	const StatusIcon = statusIcons[entry.status]
	return (
		<Table.Row data-testid="activity-row" data-status={entry.status} data-type={entry.logType}>
			<Table.Cell>
				<Badge variant="soft" color="gray">
					{t(`types.${entry.logType}`)}
				</Badge>
			</Table.Cell>
			<Table.Cell>
				<Badge variant="soft" color={statusColors[entry.status]}>
					<StatusIcon size={12} aria-hidden />
					{t(`statuses.${entry.status}`)}
				</Badge>
			</Table.Cell>
			<Table.Cell>
				<Flex direction="column" gap="1">
					<Text weight="medium">{spell(entry.title)}</Text>
					{entry.description ? <Description text={entry.description} /> : null}
				</Flex>
			</Table.Cell>
			<Table.Cell>
				<Text size="2" style={{ whiteSpace: 'nowrap' }} data-testid="activity-date">
					{formatDateTime(entry.createdAt, timeZone)}
				</Text>
			</Table.Cell>
			<Table.Cell>{entry.reportable ? <ReportButton entry={entry} /> : null}</Table.Cell>
		</Table.Row>
	)
}

/** A description wraps whole; a long one is clamped to a few lines with a button to read all of it. */
function Description({ text }: { text: string }) {
	const { t } = useTranslation('activity')
	const [open, setOpen] = useState(false)
	const id = useId()
	const long = text.length > CLAMP_FROM || text.split('\n').length > CLAMP_LINES
	return (
		<Flex direction="column" gap="1" align="start">
			<Text
				as="div"
				id={id}
				size="2"
				color="gray"
				data-testid="activity-description"
				style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', ...(long && !open ? clamped : null) }}
			>
				{text}
			</Text>
			{long ? (
				<Button size="1" variant="ghost" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} data-testid="activity-description-toggle">
					{open ? t('description.less') : t('description.more')}
				</Button>
			) : null}
		</Flex>
	)
}

/** 'Fehler melden' with its own fetcher, so each entry has its own busy state; once sent, it shows so and stays disabled. */
function ReportButton({ entry }: { entry: ActivityLogView }) {
	const { t } = useTranslation('activity')
	const fetcher = useFetcher<{ ok: boolean }>({ key: `report-${entry.id}` })
	useFetcherNotice(fetcher)
	const busy = fetcher.state !== 'idle'
	const sent = entry.reported || (fetcher.state === 'idle' && fetcher.data?.ok === true)
	return (
		<Flex gap="2" align="center" justify="end" wrap="wrap">
			<Button
				size="1"
				variant="soft"
				color={sent ? 'green' : 'red'}
				loading={busy}
				disabled={busy || sent}
				data-testid={sent ? 'activity-reported' : 'activity-report'}
				onClick={() => void fetcher.submit({ intent: 'report', id: entry.id }, { method: 'post' })}
			>
				{sent ? <CheckCircle2 size={14} aria-hidden /> : <AlertTriangle size={14} aria-hidden />}
				{sent ? t('report.reported') : t('report.button')}
			</Button>
		</Flex>
	)
}
