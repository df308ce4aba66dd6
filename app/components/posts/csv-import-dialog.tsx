import { Badge, Button, Callout, Checkbox, Dialog, Flex, ScrollArea, Table, Text } from '@radix-ui/themes'
import { Download, FileUp } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { FileButton } from '#app/components/ui/file-button.tsx'
import { ColumnMapping } from './csv-column-mapping.tsx'
import { ProgressView, useImportProgress } from './csv-import-progress.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { useRequestId } from '#app/components/use-request-id.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import type { CsvMapping, CsvMappingProposal, CsvRow, PreviewCounts, PreviewRow } from '#modules/content/csv-import.ts'
import { truncate } from '#modules/content/post-content.ts'
import '#locales/ns/csvImport.ts'

const ACTION = '/posts/csv-import'
const kindColors = { planned: 'indigo', draft: 'gray', error: 'red', duplicate: 'amber' } as const

type PreviewAnswer =
	| { ok: true; rows: Array<PreviewRow>; counts: PreviewCounts; ignoredColumns: string | null; mapping?: undefined }
	| { ok: true; mapping: CsvMappingProposal; rows?: undefined }
	| { ok: false; message: string }
type ImportAnswer = { ok: true; message: string; imported: { imported: number; skipped: Array<{ row: number; reasons: Array<string> }> } } | { ok: false; message: string }

/** The cells the server reads again on every step (what the file said, or what 'Fehlende Zeiten füllen' filled in). */
function cellsOf(row: PreviewRow): CsvRow {
	// The kanal cell too: without it 'Importieren' sent the rows to each network's default channel.
	return { row: row.row, text: row.text, networks: row.networks, channels: row.channels ?? '', date: row.date, time: row.time, imageUrl: row.imageUrl, firstComment: row.firstComment }
}

/** 'CSV importieren': upload, the checked rows with their German reasons, missing times, import. */
export function CsvImportDialog({ onClose, timeZone }: { onClose: () => void; timeZone: string }) {
	const t = useFixedT('csvImport')
	const checker = useFetcher<PreviewAnswer>()
	const importer = useFetcher<ImportAnswer>()
	useFetcherNotice(importer)
	const requestId = useRequestId(importer.data)
	const [preview, setPreview] = useState<{ rows: Array<PreviewRow>; counts: PreviewCounts; ignoredColumns: string | null } | null>(null)
	const [asDrafts, setAsDrafts] = useState(false)
	const [importDuplicates, setImportDuplicates] = useState(false)
	const [fileName, setFileName] = useState<string | null>(null)
	// A file whose columns were not found by their names: kept to send again with the user's mapping.
	const [mapping, setMapping] = useState<{ file: File; proposal: CsvMappingProposal } | null>(null)
	const [file, setFile] = useState<File | null>(null)
	const [result, setResult] = useState<{ message: string; imported: number } | null>(null)
	// Each answer once, while rendering (an answer replaces the rows or says how the import went).
	const [seen, setSeen] = useState<{ check: unknown; import: unknown }>({ check: undefined, import: undefined })
	if (checker.data !== seen.check || importer.data !== seen.import) {
		setSeen({ check: checker.data, import: importer.data })
		const check = checker.data
		if (check !== seen.check && check?.ok && check.mapping && file) setMapping({ file, proposal: check.mapping })
		if (check !== seen.check && check?.ok && check.rows) {
			setPreview({ rows: check.rows, counts: check.counts, ignoredColumns: check.ignoredColumns ?? preview?.ignoredColumns ?? null })
			setMapping(null)
		}
		const done = importer.data
		if (done !== seen.import && done?.ok) setResult({ message: done.message, imported: done.imported.imported })
	}

	const checking = checker.state !== 'idle'
	const importing = importer.state !== 'idle'
	const progress = useImportProgress(requestId, importing)
	const imported = result
	const error = checker.data && !checker.data.ok ? checker.data.message : importer.data && !importer.data.ok ? importer.data.message : null
	const rows = preview?.rows ?? []
	const missingTimes = rows.some((r) => (r.kind === 'planned' || r.kind === 'draft') && !(r.date && r.time))
	const importable = rows.some((r) => r.kind === 'planned' || r.kind === 'draft')

	const hasDuplicates = rows.some((r) => r.duplicate)

	function submitRows(intent: 'fill' | 'recheck' | 'import', options: { drafts?: boolean; duplicates?: boolean } = {}) {
		const form = new FormData()
		form.set('intent', intent)
		form.set('rows', JSON.stringify(rows.map(cellsOf)))
		form.set('asDrafts', (options.drafts ?? asDrafts) ? '1' : '0')
		form.set('importDuplicates', (options.duplicates ?? importDuplicates) ? '1' : '0')
		if (intent === 'import') {
			form.set('requestId', requestId)
			void importer.submit(form, { method: 'post', action: ACTION, encType: 'multipart/form-data' })
		} else void checker.submit(form, { method: 'post', action: ACTION, encType: 'multipart/form-data' })
	}

	function upload(chosen: File | undefined, columns?: CsvMapping) {
		setFileName(chosen?.name ?? null)
		if (!chosen) return
		setFile(chosen)
		setPreview(null)
		setResult(null)
		setImportDuplicates(false)
		if (!columns) setMapping(null)
		const form = new FormData()
		form.set('intent', 'preview')
		form.set('file', chosen)
		if (columns) form.set('mapping', JSON.stringify(columns))
		void checker.submit(form, { method: 'post', action: ACTION, encType: 'multipart/form-data' })
	}

	return (
		<Dialog.Root open onOpenChange={(next) => (next ? null : onClose())}>
			<Dialog.Content maxWidth="980px" data-testid="csv-import-dialog">
				<Dialog.Title>{t('title')}</Dialog.Title>
				<Dialog.Description size="2" color="gray" mb="3">
					{t('description')}
				</Dialog.Description>
				<Flex direction="column" gap="3">
					<Flex gap="3" align="center" wrap="wrap" justify="between">
						<Flex direction="column" gap="1">
							<Text as="label" htmlFor="csv-file" size="2" weight="medium">
								{t('file')}
							</Text>
							<FileButton id="csv-file" name="file" accept=".csv,text/csv" buttonLabel={t('fileButton')} icon={<FileUp size={16} aria-hidden />} fileName={fileName} disabled={checking || importing} onChange={(event) => {
									upload(event.currentTarget.files?.[0])
									// The same file chosen again (after fixing it) is a new upload.
									event.currentTarget.value = ''
								}} />
						</Flex>
						<Button variant="ghost" asChild>
							<a href="/posts/csv-sample" download>
								<Download size={16} aria-hidden /> {t('sample')}
							</a>
						</Button>
					</Flex>
					{checking ? (
						<Text size="2" color="gray" role="status">
							{t('checking')}
						</Text>
					) : null}
					{importing ? <ProgressView progress={progress} /> : null}
					{error ? (
						<Callout.Root color="red" role="alert">
							<Callout.Text>{error}</Callout.Text>
						</Callout.Root>
					) : null}
					{imported ? (
						<Callout.Root color={imported.imported ? 'green' : 'amber'} role="status" data-testid="csv-import-result">
							<Callout.Text>{imported.message}</Callout.Text>
						</Callout.Root>
					) : null}
					{mapping && !preview ? <ColumnMapping proposal={mapping.proposal} disabled={checking} onApply={(columns) => upload(mapping.file, columns)} /> : null}
					{preview ? (
						<>
							<Text size="2" data-testid="csv-import-summary">
								{t('summary', { rows: t('counts.rows', { count: preview.counts.total }), planned: preview.counts.planned, drafts: preview.counts.drafts, errors: preview.counts.errors })}
							</Text>
							{preview.counts.duplicates > 0 ? (
								<Callout.Root color="amber" size="1" data-testid="csv-import-duplicates">
									<Callout.Text>{t('duplicates', { count: preview.counts.duplicates })}</Callout.Text>
								</Callout.Root>
							) : null}
							{preview.ignoredColumns ? (
								<Text size="2" color="gray">
									{preview.ignoredColumns}
								</Text>
							) : null}
							<ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: '45vh' }}>
								<Table.Root size="1" className="fit-table fixed-table" data-testid="csv-import-table">
									<Table.Header>
										<Table.Row>
											<Table.ColumnHeaderCell style={{ width: '4.5em' }}>{t('table.row')}</Table.ColumnHeaderCell>
											<Table.ColumnHeaderCell>{t('table.content')}</Table.ColumnHeaderCell>
											<Table.ColumnHeaderCell style={{ width: '38%' }} data-testid="csv-check-column">
												{t('table.check')}
											</Table.ColumnHeaderCell>
										</Table.Row>
									</Table.Header>
									<Table.Body>
										{rows.map((row) => (
											<Table.Row key={row.row} data-testid="csv-row" data-row={row.row} data-kind={row.kind}>
												<Table.Cell>{row.row}</Table.Cell>
												<Table.Cell>
													<Flex direction="column" gap="1">
														<Text size="2">{truncate(row.text, 140) || '–'}</Text>
														<Text size="1" color="gray">
															{row.networkNames.length ? row.networkNames.join(', ') : t('table.noNetworks')}
															{row.channelNames?.length ? ` (${row.channelNames.join(', ')})` : ''} ·{' '}
															{row.scheduledAt ? formatDateTime(row.scheduledAt, timeZone, 'EEEE, dd.MM.yyyy HH:mm') : [row.date, row.time].filter(Boolean).join(' ') || t('table.noTime')}
														</Text>
														{row.imageUrl ? (
															<Text size="1" color="gray">
																{t('table.image', { url: truncate(row.imageUrl, 60) })}
															</Text>
														) : null}
													</Flex>
												</Table.Cell>
												<Table.Cell>
													<Flex direction="column" gap="1" align="start">
														<Badge color={kindColors[row.kind]}>{t(`kind.${row.kind}`)}</Badge>
														{row.problems.map((problem, index) => (
															<Text key={index} size="1" color="red" data-testid="csv-problem">
																{problem.field ? `${t(`fields.${problem.field}`)}: ` : ''}
																{problem.message}
															</Text>
														))}
														{row.notes.map((note, index) => (
															<Text key={index} size="1" color="gray">
																{note}
															</Text>
														))}
													</Flex>
												</Table.Cell>
											</Table.Row>
										))}
									</Table.Body>
								</Table.Root>
							</ScrollArea>
							<Text as="label" size="2">
								<Flex gap="2" align="center">
									<Checkbox
										checked={asDrafts}
										disabled={checking || importing}
										onCheckedChange={(checked) => {
											setAsDrafts(checked === true)
											submitRows('recheck', { drafts: checked === true })
										}}
									/>
									{t('asDrafts')}
								</Flex>
							</Text>
							{hasDuplicates ? (
								<Text as="label" size="2">
									<Flex gap="2" align="center">
										<Checkbox
											checked={importDuplicates}
											disabled={checking || importing}
											onCheckedChange={(checked) => {
												setImportDuplicates(checked === true)
												submitRows('recheck', { duplicates: checked === true })
											}}
										/>
										{t('importDuplicates')}
									</Flex>
								</Text>
							) : null}
						</>
					) : null}
					<Flex gap="3" justify="end" wrap="wrap">
						<Dialog.Close>
							<Button type="button" variant="soft" color="gray">
								{t('close')}
							</Button>
						</Dialog.Close>
						{preview ? (
							<>
								<Button type="button" variant="soft" disabled={!missingTimes || asDrafts || checking || importing} onClick={() => submitRows('fill')}>
									{t('fill')}
								</Button>
								<Button type="button" loading={importing} disabled={!importable || checking || !requestId || Boolean(imported)} onClick={() => submitRows('import')}>
									{t('import')}
								</Button>
							</>
						) : null}
					</Flex>
				</Flex>
			</Dialog.Content>
		</Dialog.Root>
	)
}
