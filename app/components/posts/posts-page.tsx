import { Badge, Flex, Grid, Heading, Text } from '#app/components/ui/lean.tsx'
import { Button, buttonClassName } from '#app/components/ui/lean-controls.tsx'
import { FileUp, Plus } from 'lucide-react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link, useFetcher, useSearchParams } from 'react-router'
import { PageHeader } from '#app/components/page-header.tsx'
import { ScheduleDialog, type ScheduleTarget } from '#app/components/schedule/lazy-schedule-dialog.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import type { DeliveryState } from '#modules/publishing/index.ts'
import { BOARD_PAGE_SIZE } from '#modules/content/board-limits.ts'
import { buildBoard, choosesChannels, type BoardDraft, type BoardItem, type BoardPost } from './board-items.ts'
import { CsvImportDialog } from './csv-import-dialog.tsx'
import { DeletePostDialog } from './delete-dialog.tsx'
import { EditorDialog } from './editor-dialog.tsx'
import { PostCard, PostCardIcons, type CardActions } from './post-card.tsx'
import { PublishRefusalDialog } from './publish-refusal-dialog.tsx'
import { usePublishNow } from './use-publish-now.ts'
import { EmptyTextConfirm } from './empty-text-confirm.tsx'
import { useEditorData, type EditorData } from './use-editor-data.ts'
import { COLUMN_KEYS, StatusSwitcher, type ColumnKey } from './status-switcher.tsx'
import { usePlatforms } from '#app/utils/use-platforms.ts'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import '#locales/ns/posts.ts'
import '#locales/ns/csvImport.ts'

type Props = {
	drafts: Array<BoardDraft>
	posts: Array<BoardPost>
	/** Cards per column in all; the lists hold the first `show` of each. */
	counts: Record<'drafts' | 'scheduled' | 'published', number>
	show: number
	/** Only the cards the server draws (ADR 0034): the rest of the first page is on its way (use-rest-of-cards.ts). */
	partial: boolean
	/** The editor's pages and regeneration cost: only with `?edit=` (the editor opened on load); otherwise asked when it opens. */
	editor: EditorData | null
	/** Per post id: each network's state (link, German reason, the action that helps). */
	deliveries: Record<string, Array<DeliveryState>>
	q: string
	editId: string | null
	timeZone: string
	/** The credits the session read (what 'Bild neu generieren' is charged from). */
	balance: number
}

export function PostsPage({ drafts, posts, counts, show, partial, editor, deliveries, q, editId, timeZone, balance }: Props) {
	const { t } = useTranslation('posts')
	const tImport = useFixedT('csvImport')
	const [searchParams, setSearchParams] = useSearchParams()
	const deleter = useFetcher()
	useFetcherNotice(deleter)
	const publisher = usePublishNow()
	const fallback = usePlatforms()[0]?.id ?? ''
	const board = useMemo(() => buildBoard(drafts, posts, q, fallback), [drafts, posts, q, fallback])
	const all = useMemo(() => [...board.drafts, ...board.scheduled, ...board.published], [board])
	const [editing, setEditing] = useState<BoardItem | null>(() => all.find((i) => i.id === editId) ?? null)
	const [scheduling, setScheduling] = useState<ScheduleTarget | null>(null)
	const [deleting, setDeleting] = useState<BoardItem | null>(null)
	const [discarding, setDiscarding] = useState(false)
	const [importing, setImporting] = useState(false)
	const editorData = useEditorData(editor)
	const loadEditorData = editorData.load
	// Only the editor of a draft or of a post not yet published (its channel picker) needs the channels and what 'Bild neu generieren' costs.
	useEffect(() => {
		if (editing && choosesChannels(editing)) loadEditorData()
	}, [editing, loadEditorData])

	const closeEditor = useCallback(() => {
		setEditing(null)
		if (editId) setSearchParams((params) => (params.delete('edit'), params), { replace: true, preventScrollReset: true })
	}, [editId, setSearchParams])
	const closeSchedule = useCallback(() => setScheduling(null), [])

	function remove(item: BoardItem) {
		deleter.submit({ intent: item.kind === 'draft' ? 'delete-draft' : 'delete-post', id: item.id }, { method: 'post' })
		setDeleting(null)
		setEditing(null)
	}

	const actions: CardActions = {
		onEdit: setEditing,
		onPublish: (item) => publisher.publish(item),
		publishing: publisher.busy,
		onSchedule: (item) => setScheduling({ kind: item.kind, id: item.id, title: item.title, scheduledAt: item.status === 'scheduled' ? item.scheduledAt : null }),
		onDelete: (item) => {
			if (item.kind === 'draft') {
				if (window.confirm(t('confirmDeleteDraft'))) remove(item)
			} else {
				setDiscarding(false)
				setDeleting(item)
			}
		},
		onDiscard: (item) => {
			setDiscarding(true)
			setDeleting(item)
		},
	}

	const deletingIds = deleter.formData ? String(deleter.formData.get('id')) : null
	/** The link of 'Weitere anzeigen': a plain link, so it works before hydration and without JavaScript too. */
	function moreLink(count: number) {
		const params = new URLSearchParams(searchParams)
		params.set('show', String(count))
		params.delete('edit')
		return `?${params.toString()}`
	}
	const columns = [
		{ key: 'drafts', items: board.drafts },
		{ key: 'scheduled', items: board.scheduled },
		{ key: 'published', items: board.published },
	] as const
	// Phones show one column at a time (posts-page.css), first the first one that has posts.
	const [phoneColumn, setPhoneColumn] = useState<ColumnKey | null>(null)
	const shownColumn = phoneColumn ?? COLUMN_KEYS.find((key) => counts[key] > 0) ?? 'drafts'

	return (
		<Flex direction="column" gap="4">
			<PostCardIcons />
			<PageHeader title={t('title')} subtitle={q ? t('search.results', { q }) : t('subtitle')}>
				<Flex gap="2" wrap="wrap">
					<Button variant="soft" onClick={() => setImporting(true)}>
						<FileUp size={16} aria-hidden /> {tImport('open')}
					</Button>
					{q ? (
						<Link to="/posts" data-accent-color="gray" className={buttonClassName('rt-Button', { variant: 'soft' })}>
							{t('search.clear')}
						</Link>
					) : null}
					<Link to="/create-post" data-accent-color="" className={buttonClassName('rt-Button')}>
						<Plus size={16} /> {t('empty.newPost')}
					</Link>
				</Flex>
			</PageHeader>
			<StatusSwitcher value={shownColumn} counts={counts} onChange={setPhoneColumn} />
			<Grid columns={{ initial: '1', md: '3' }} gap="4" align="start">
				{columns.map((column) => (
					<section
						key={column.key}
						aria-label={t(`columns.${column.key}`)}
						data-testid={`column-${column.key}`}
						className="posts-column"
						data-phone-hidden={column.key !== shownColumn || undefined}
					>
						<Flex align="center" gap="2" mb="3">
							<Heading as="h3" size="4">
								{t(`columns.${column.key}`)}
							</Heading>
							<Badge radius="full" data-testid={`count-${column.key}`}>
								{counts[column.key]}
							</Badge>
						</Flex>
						<Flex direction="column" gap="3">
							{column.items
								.filter((item) => item.id !== deletingIds)
								.map((item) => (
									<PostCard key={`${item.kind}-${item.id}`} item={item} timeZone={timeZone} actions={actions} deliveries={item.kind === 'post' ? (deliveries[item.id] ?? []) : []} />
								))}
							<MoreLink testId={`more-${column.key}`} loaded={column.items.length} total={counts[column.key]} show={show} partial={partial} link={moreLink} />
							{column.items.length === 0 ? (
								<Flex direction="column" align="start" gap="2" p="3" style={{ border: '1px dashed var(--gray-6)', borderRadius: 12 }}>
									<Text size="2" color="gray">
										{t(`empty.${column.key}`)}
									</Text>
									{column.key === 'drafts' ? (
										<Link to="/create-post" data-accent-color="" className={buttonClassName('rt-Button', { size: '1', variant: 'soft' })}>
											{t('empty.newPost')}
										</Link>
									) : null}
								</Flex>
							) : null}
						</Flex>
					</section>
				))}
			</Grid>
			<EmptyTextConfirm question={publisher.confirmEmpty} />
			<PublishRefusalDialog refusal={publisher.refusal} />
			<EditorDialog
				key={editing?.id}
				item={editing}
				data={editorData.data}
				dataFailed={editorData.failed}
				balance={balance}
				onClose={closeEditor}
				onDelete={actions.onDelete}
				onPublish={publisher.publish}
			/>
			<ScheduleDialog key={scheduling?.id} target={scheduling} timeZone={timeZone} onClose={closeSchedule} />
			{importing ? <CsvImportDialog onClose={() => setImporting(false)} timeZone={timeZone} /> : null}
			<DeletePostDialog item={deleting} discard={discarding} onCancel={() => setDeleting(null)} onConfirm={remove} />
		</Flex>
	)
}

/**
 * 'Weitere anzeigen (4 von 25)': counts the cards on screen. While only the server's first cards are there
 * (before hydration, without JavaScript, or a click before the rest arrived) it links to the first page
 * (?show=10); after, to the next page.
 */
function MoreLink({ testId, loaded, total, show, partial, link }: { testId: string; loaded: number; total: number; show: number; partial: boolean; link: (count: number) => string }) {
	const { t } = useTranslation('posts')
	const next = loaded >= total ? null : partial ? show : loaded >= show ? show + BOARD_PAGE_SIZE : null
	if (next === null) return null
	return (
		<Link to={link(next)} preventScrollReset data-accent-color="gray" className={buttonClassName('rt-Button', { variant: 'soft' })} data-testid={testId}>
			{t('showMore', { shown: loaded, total })}
		</Link>
	)
}
