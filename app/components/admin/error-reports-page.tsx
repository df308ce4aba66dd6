import { Badge, Box, Button, Callout, Card, Dialog, Flex, Grid, Select, Text, TextArea, TextField } from '@radix-ui/themes'
import { AlertTriangle, Bug, CheckCircle2, Search } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Form, Link, useFetcher, useNavigate, useSearchParams } from 'react-router'
import { CounterCards } from '#app/components/admin/counter-cards.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { clipAtWord } from '#modules/activity/clip.ts'
import {
	ADMIN_NOTES_MAX,
	ERROR_REPORT_STATUSES,
	type ErrorReportCounts,
	type ErrorReportDetail,
	type ErrorReportStatus,
	type ErrorReportSummary,
} from '#modules/activity/error-reports.ts'
import '#locales/ns/adminErrorReports.ts'

type Props = {
	reports: Array<ErrorReportSummary>
	matching: number
	counts: ErrorReportCounts
	page: number
	pageCount: number
	filters: { search: string; status: ErrorReportStatus | null }
	selected: ErrorReportDetail | null
	selectedMissing: boolean
	timeZone: string
}

const ALL = 'all'
const DATE = 'dd.MM.yyyy HH:mm'
const statusColors = { new: 'red', investigating: 'amber', resolved: 'green' } as const

/** /admin/error-reports: counters, status filter, text search, the report cards and the detail overlay. */
export function ErrorReportsPage({ reports, matching, counts, page, pageCount, filters, selected, selectedMissing, timeZone }: Props) {
	const { t } = useTranslation('adminErrorReports')
	const [searchParams, setSearchParams] = useSearchParams()
	const navigate = useNavigate()
	const statusId = useId()
	const searchId = useId()
	const filtered = Boolean(filters.search || filters.status)

	function withParams(change: (params: URLSearchParams) => void) {
		const params = new URLSearchParams(searchParams)
		change(params)
		const query = params.toString()
		return query ? `?${query}` : '.'
	}

	function setStatus(value: string) {
		setSearchParams(
			(params) => {
				params.delete('page')
				params.delete('report')
				if (value === ALL) params.delete('status')
				else params.set('status', value)
				return params
			},
			{ preventScrollReset: true },
		)
	}

	const closeDetail = () => void navigate(withParams((p) => p.delete('report')), { preventScrollReset: true, replace: true })

	const counters = (['total', 'new', 'investigating', 'resolved'] as const).map((key) => ({ key, label: t(`counts.${key}`), value: counts[key] }))

	return (
		<Flex direction="column" gap="4">
			<PageHeader title={t('title')} subtitle={t('subtitle')} />

			<CounterCards counters={counters} testId="error-report-count" />

			<Flex gap="3" align="end" wrap="wrap">
				<Form method="get" preventScrollReset style={{ flex: '1 1 280px' }}>
					{filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
					<Flex direction="column" gap="1">
						<Text as="label" htmlFor={searchId} size="2" color="gray">
							{t('filters.search')}
						</Text>
						<Flex gap="2">
							<Box flexGrow="1">
								<TextField.Root id={searchId} name="q" type="search" defaultValue={filters.search} key={filters.search} maxLength={200} placeholder={t('filters.searchPlaceholder')}>
									<TextField.Slot>
										<Search size={14} aria-hidden />
									</TextField.Slot>
								</TextField.Root>
							</Box>
							<Button type="submit" variant="soft">
								{t('filters.submit')}
							</Button>
						</Flex>
					</Flex>
				</Form>
				<Flex direction="column" gap="1">
					<Text as="label" htmlFor={statusId} size="2" color="gray">
						{t('filters.status')}
					</Text>
					<Select.Root value={filters.status ?? ALL} onValueChange={setStatus}>
						<Select.Trigger id={statusId} aria-label={t('filters.status')} />
						<Select.Content position="popper">
							<Select.Item value={ALL}>{t('filters.all')}</Select.Item>
							{ERROR_REPORT_STATUSES.map((status) => (
								<Select.Item key={status} value={status}>
									{t(`statuses.${status}`)}
								</Select.Item>
							))}
						</Select.Content>
					</Select.Root>
				</Flex>
				{filtered ? (
					<Button variant="soft" color="gray" asChild>
						<Link to="." preventScrollReset>
							{t('filters.reset')}
						</Link>
					</Button>
				) : null}
				<Text size="2" color="gray" ml="auto" data-testid="error-report-matching">
					{t('filters.matching', { count: matching })}
				</Text>
			</Flex>

			{selectedMissing ? (
				<Callout.Root color="red" role="alert" data-testid="error-report-missing">
					<Callout.Icon>
						<AlertTriangle size={16} />
					</Callout.Icon>
					<Callout.Text>{t('detail.notFound')}</Callout.Text>
				</Callout.Root>
			) : null}

			{reports.length === 0 ? (
				<Card size="3" data-testid="error-reports-empty">
					<Flex direction="column" align="center" gap="2" py="6">
						<Bug size={36} aria-hidden />
						<Text weight="bold">{t('empty')}</Text>
					</Flex>
				</Card>
			) : (
				<Flex direction="column" gap="2">
					{reports.map((report) => (
						<Card key={report.id} asChild data-testid="error-report-card" data-status={report.status}>
							<Link to={withParams((p) => p.set('report', report.id))} preventScrollReset aria-label={`${t('card.open')}: ${clipAtWord(report.errorMessage, 80)}`}>
								<Flex direction="column" gap="1">
									<Flex gap="2" align="center" wrap="wrap">
										<StatusBadge status={report.status} />
										<Text size="2" color="gray" data-testid="error-report-date">
											{formatDateTime(report.createdAt, timeZone, DATE)}
										</Text>
									</Flex>
									<Text weight="medium" style={{ overflowWrap: 'anywhere' }} data-testid="error-report-message">
										{clipAtWord(report.errorMessage, 300)}
									</Text>
									<Flex gap="3" wrap="wrap">
										<Text size="2" color="gray">
											{report.userEmail ?? t('card.noEmail')}
										</Text>
										<Text size="2" color="gray" style={{ overflowWrap: 'anywhere' }}>
											{report.url ?? t('card.noUrl')}
										</Text>
									</Flex>
								</Flex>
							</Link>
						</Card>
					))}
				</Flex>
			)}

			<Pagination
				page={page}
				pageCount={pageCount}
				hrefFor={(n) => withParams((p) => (p.delete('report'), p.set('page', String(n))))}
				testId="error-reports-pagination"
				labels={{ nav: t('pagination.label'), previous: t('pagination.previous'), next: t('pagination.next'), page: (n) => t('pagination.page', { page: n }), summary: t('pagination.summary', { page, pageCount }) }}
			/>

			{selected ? <DetailDialog report={selected} timeZone={timeZone} onClose={closeDetail} /> : null}
		</Flex>
	)
}

function StatusBadge({ status }: { status: ErrorReportStatus }) {
	const { t } = useTranslation('adminErrorReports')
	return (
		<Badge color={statusColors[status]} variant="soft" data-testid="error-report-status">
			{t(`statuses.${status}`)}
		</Badge>
	)
}

const preStyle: React.CSSProperties = {
	margin: 0,
	maxHeight: 240,
	overflow: 'auto',
	padding: 'var(--space-2)',
	background: 'var(--gray-a3)',
	borderRadius: 'var(--radius-2)',
	fontSize: 'var(--font-size-1)',
	whiteSpace: 'pre',
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
	return (
		<Flex direction="column" gap="1">
			<Text size="2" weight="bold">
				{label}
			</Text>
			{children}
		</Flex>
	)
}

/** The detail overlay: every field of the report, the admin notes and the two status buttons. */
function DetailDialog({ report, timeZone, onClose }: { report: ErrorReportDetail; timeZone: string; onClose: () => void }) {
	const { t } = useTranslation('adminErrorReports')
	const fetcher = useFetcher({ key: `error-report-${report.id}` })
	useFetcherNotice(fetcher)
	const notesId = useId()
	const busy = fetcher.state !== 'idle'
	const pending = busy ? fetcher.formData?.get('status') : null

	return (
		<Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
			<Dialog.Content maxWidth="760px" data-testid="error-report-detail" aria-describedby={undefined}>
				<Flex justify="between" align="center" gap="3" mb="3">
					<Dialog.Title mb="0">{t('detail.title')}</Dialog.Title>
					<StatusBadge status={report.status} />
				</Flex>
				<Flex direction="column" gap="3">
					<Field label={t('detail.message')}>
						<Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="detail-message">
							{report.errorMessage}
						</Text>
					</Field>
					<Field label={t('detail.stack')}>
						{report.errorStack ? (
							<pre style={preStyle} data-testid="detail-stack">
								{report.errorStack}
							</pre>
						) : (
							<Text color="gray">{t('detail.noStack')}</Text>
						)}
					</Field>
					<Grid columns={{ initial: '1', sm: '2' }} gap="3">
						<Field label={t('detail.user')}>
							<Text data-testid="detail-user">{report.userEmail ?? t('card.noEmail')}</Text>
						</Field>
						<Field label={t('detail.createdAt')}>
							<Text>{formatDateTime(report.createdAt, timeZone, DATE)}</Text>
						</Field>
						<Field label={t('detail.url')}>
							<Text style={{ overflowWrap: 'anywhere' }}>{report.url ?? t('card.noUrl')}</Text>
						</Field>
						<Field label={t('detail.userAgent')}>
							<Text style={{ overflowWrap: 'anywhere' }}>{report.userAgent ?? '–'}</Text>
						</Field>
					</Grid>
					<Field label={t('detail.additionalInfo')}>
						<pre style={preStyle} data-testid="detail-additional-info">
							{JSON.stringify(report.additionalInfo ?? {}, null, 2)}
						</pre>
					</Field>
					{report.status === 'resolved' && report.resolvedAt ? (
						<Text size="2" color="green" data-testid="detail-resolved">
							<CheckCircle2 size={14} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
							{t('detail.resolved', { date: formatDateTime(report.resolvedAt, timeZone, DATE), admin: report.resolvedByEmail ?? t('detail.unknownAdmin') })}
						</Text>
					) : null}
					<fetcher.Form method="post">
						<input type="hidden" name="intent" value="status" />
						<input type="hidden" name="id" value={report.id} />
						<Flex direction="column" gap="3">
							<Flex direction="column" gap="1">
								<Text as="label" htmlFor={notesId} size="2" weight="bold">
									{t('detail.notes')}
								</Text>
								<TextArea
									id={notesId}
									name="adminNotes"
									rows={4}
									maxLength={ADMIN_NOTES_MAX}
									defaultValue={report.adminNotes}
									key={`${report.id}-${String(report.updatedAt)}`}
									placeholder={t('detail.notesPlaceholder')}
								/>
							</Flex>
							<Flex gap="2" justify="end" wrap="wrap">
								<Dialog.Close>
									<Button type="button" variant="soft" color="gray">
										{t('detail.close')}
									</Button>
								</Dialog.Close>
								<Button type="submit" name="status" value="investigating" color="amber" variant="soft" disabled={busy || report.status === 'investigating'} loading={pending === 'investigating'}>
									{t('detail.markInvestigating')}
								</Button>
								<Button type="submit" name="status" value="resolved" color="green" disabled={busy || report.status === 'resolved'} loading={pending === 'resolved'}>
									{t('detail.markResolved')}
								</Button>
							</Flex>
						</Flex>
					</fetcher.Form>
				</Flex>
			</Dialog.Content>
		</Dialog.Root>
	)
}
